package main

// Conversion ops: go-cty's convert package on values and types given as JSON and msgpack, so
// that @tsvider/cty/convert's answers can be compared with go-cty's own.
//
//	{"op":"convert","type":<from>,"hex":"...","to":<to>,"unsafe":bool}
//	    GetConversion (GetConversionUnsafe with unsafe) from the type to "to", applied to the
//	    value (msgpack written for "type")
//	{"op":"convertValue","type":<from>,"hex":"...","to":<to>}
//	    convert.Convert(value, to)
//	{"op":"unify","types":[<type>...],"unsafe":bool,"args":[{"type":..,"hex":..}...]}
//	    Unify (UnifyUnsafe); with args (one per type), each conversion applied to its value
//	{"op":"mismatch","type":<got>,"to":<want>}
//	    MismatchMessage(got, want)
//
// Reply: {"json": "<document>"}, the document being {"outcomes":[...]}: every distinct answer
// go-cty gave over several runs of the same request. go-cty iterates Go maps in places (which
// of several failing attributes a message names, the order in which types are unified), and
// Go randomizes map order, so one request can have more than one answer. An outcome is one of
//
//	{"none":true}                                    no conversion (no unification)
//	{"resultType":<type JSON>,"hex":"...","toHex":"..."}  the result, written for its own type
//	                                                      and (toHex) for the wanted type
//	{"error":"...","path":[{"attribute":"a"},{"index":0},{"key":"k"}]}  a conversion error
//	{"panic":"..."}                                  go-cty panicked
//	{"type":<type JSON>,"results":[outcome or {"same":true}...]}  a unification (results: each
//	                                                      conversion applied to its argument)
//	{"message":"..."}                                a mismatch message

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

// convertRuns is how many times a request runs to collect go-cty's possible answers.
const convertRuns = 32

func init() {
	moreOps["convert"] = func(req request) reply {
		from, val, to, err := decodeConvertRequest(req)
		if err != nil {
			return reply{Error: err.Error()}
		}
		return outcomesReply(func() any {
			var conv convert.Conversion
			if req.Unsafe {
				conv = convert.GetConversionUnsafe(from, to)
			} else {
				conv = convert.GetConversion(from, to)
			}
			if conv == nil {
				return map[string]any{"none": true}
			}
			out, err := conv(val)
			return conversionOutcome(out, err, to)
		})
	}
	moreOps["convertValue"] = func(req request) reply {
		_, val, to, err := decodeConvertRequest(req)
		if err != nil {
			return reply{Error: err.Error()}
		}
		return outcomesReply(func() any {
			out, err := convert.Convert(val, to)
			return conversionOutcome(out, err, to)
		})
	}
	moreOps["unify"] = func(req request) reply {
		types := make([]cty.Type, len(req.Types))
		for i, raw := range req.Types {
			ty, err := ctyjson.UnmarshalType(raw)
			if err != nil {
				return reply{Error: fmt.Sprintf("type %d: %s", i, err)}
			}
			types[i] = ty
		}
		args, err := decodeArgs(req.Args)
		if err != nil {
			return reply{Error: err.Error()}
		}
		return outcomesReply(func() any {
			var ty cty.Type
			var convs []convert.Conversion
			if req.Unsafe {
				ty, convs = convert.UnifyUnsafe(types)
			} else {
				ty, convs = convert.Unify(types)
			}
			if ty == cty.NilType {
				return map[string]any{"none": true}
			}
			results := make([]any, len(args))
			for i, arg := range args {
				if convs[i] == nil {
					results[i] = map[string]any{"same": true}
					continue
				}
				results[i] = protected(func() any {
					out, err := convs[i](arg)
					return conversionOutcome(out, err, ty)
				})
			}
			return map[string]any{"type": typeJSON(ty), "results": results}
		})
	}
	moreOps["mismatch"] = func(req request) reply {
		got, err := ctyjson.UnmarshalType(req.Type)
		if err != nil {
			return reply{Error: "type: " + err.Error()}
		}
		want, err := ctyjson.UnmarshalType(req.To)
		if err != nil {
			return reply{Error: "to: " + err.Error()}
		}
		return outcomesReply(func() any {
			return map[string]any{"message": convert.MismatchMessage(got, want)}
		})
	}
}

func decodeConvertRequest(req request) (cty.Type, cty.Value, cty.Type, error) {
	from, err := ctyjson.UnmarshalType(req.Type)
	if err != nil {
		return cty.NilType, cty.NilVal, cty.NilType, errors.New("type: " + err.Error())
	}
	to, err := ctyjson.UnmarshalType(req.To)
	if err != nil {
		return cty.NilType, cty.NilVal, cty.NilType, errors.New("to: " + err.Error())
	}
	raw, err := hex.DecodeString(req.Hex)
	if err != nil {
		return cty.NilType, cty.NilVal, cty.NilType, errors.New("hex: " + err.Error())
	}
	val, err := ctymsgpack.Unmarshal(raw, from)
	if err != nil {
		return cty.NilType, cty.NilVal, cty.NilType, errors.New("unmarshal: " + err.Error())
	}
	return from, val, to, nil
}

// outcomesReply runs the request several times and replies with its distinct outcomes, in
// the order first seen.
func outcomesReply(run func() any) reply {
	seen := map[string]bool{}
	var outcomes []json.RawMessage
	for i := 0; i < convertRuns; i++ {
		text, err := json.Marshal(protected(run))
		if err != nil {
			return reply{Error: "marshal outcome: " + err.Error()}
		}
		if !seen[string(text)] {
			seen[string(text)] = true
			outcomes = append(outcomes, text)
		}
	}
	doc, err := json.Marshal(map[string]any{"outcomes": outcomes})
	if err != nil {
		return reply{Error: "marshal outcomes: " + err.Error()}
	}
	return reply{JSON: string(doc)}
}

// protected turns a panic into a {"panic": ...} outcome.
func protected(run func() any) (outcome any) {
	defer func() {
		if p := recover(); p != nil {
			outcome = map[string]any{"panic": fmt.Sprint(p)}
		}
	}()
	return run()
}

func conversionOutcome(out cty.Value, err error, to cty.Type) any {
	if err != nil {
		outcome := map[string]any{"error": err.Error(), "path": []any{}}
		var perr cty.PathError
		if errors.As(err, &perr) {
			outcome["path"] = pathJSON(perr.Path)
		}
		return outcome
	}
	out, _ = out.UnmarkDeep()
	ty := out.Type()
	outcome := map[string]any{"resultType": typeJSON(ty)}
	mp, err := ctymsgpack.Marshal(out, ty)
	if err != nil {
		outcome["hexError"] = err.Error()
	} else {
		outcome["hex"] = hex.EncodeToString(mp)
	}
	if toMp, err := ctymsgpack.Marshal(out, to); err != nil {
		outcome["toError"] = err.Error()
	} else {
		outcome["toHex"] = hex.EncodeToString(toMp)
	}
	return outcome
}

func typeJSON(ty cty.Type) json.RawMessage {
	text, err := ctyjson.MarshalType(ty)
	if err != nil {
		panic(err)
	}
	return text
}

func pathJSON(path cty.Path) []any {
	steps := make([]any, 0, len(path))
	for _, step := range path {
		switch s := step.(type) {
		case cty.GetAttrStep:
			steps = append(steps, map[string]any{"attribute": s.Name})
		case cty.IndexStep:
			if s.Key.Type() == cty.Number {
				i, _ := s.Key.AsBigFloat().Int64()
				steps = append(steps, map[string]any{"index": i})
			} else {
				steps = append(steps, map[string]any{"key": s.Key.AsString()})
			}
		default:
			steps = append(steps, map[string]any{"unknownStep": fmt.Sprintf("%#v", step)})
		}
	}
	return steps
}
