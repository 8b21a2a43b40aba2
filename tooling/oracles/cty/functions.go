package main

// The "call" op: calls a go-cty stdlib function on arguments given as msgpack, so that the
// TypeScript stdlib's results and errors can be compared with go-cty's own.
//
//	{"op":"call","name":"upper","args":[{"type":<type JSON>,"hex":"..."}, ...]}
//	{"op":"call","name":"toType","to":<type JSON>,"args":[...]}   stdlib.MakeToFunc(to)
//
// Reply: {"resultType":<type JSON>,"hex":"...","json":"..."} (the result written for its own
// type, and as JSON where go-cty can write it), or
// {"error":"...","argIndex":N} (argIndex when go-cty blames one argument).

import (
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
	"tsvider.dev/tooling/oracles/ctyfuncs"
)

// stdlibFunctions is the table shared with the hcl oracle (tooling/oracles/ctyfuncs).
var stdlibFunctions = ctyfuncs.Stdlib

func init() {
	moreOps["call"] = callFunction
	moreOps["functions"] = func(request) reply {
		names := make([]string, 0, len(stdlibFunctions))
		for name := range stdlibFunctions {
			names = append(names, name)
		}
		return reply{Types: names}
	}
}

func callFunction(req request) reply {
	fn, ok := stdlibFunctions[req.Name]
	if req.Name == "toType" {
		to, err := ctyjson.UnmarshalType(req.To)
		if err != nil {
			return reply{Error: "to: " + err.Error()}
		}
		fn, ok = stdlib.MakeToFunc(to), true
	}
	if !ok {
		return reply{Error: fmt.Sprintf("no stdlib function %q", req.Name)}
	}
	args, err := decodeArgs(req.Args)
	if err != nil {
		return reply{Error: err.Error()}
	}
	result, err := fn.Call(args)
	if err != nil {
		r := reply{Error: err.Error()}
		var argErr function.ArgError
		if errors.As(err, &argErr) {
			r.ArgIndex = &argErr.Index
		}
		return r
	}
	return typedReply(result)
}

func decodeArgs(args []typedHex) ([]cty.Value, error) {
	values := make([]cty.Value, len(args))
	for i, a := range args {
		ty, err := ctyjson.UnmarshalType(a.Type)
		if err != nil {
			return nil, fmt.Errorf("argument %d type: %w", i, err)
		}
		raw, err := hex.DecodeString(a.Hex)
		if err != nil {
			return nil, fmt.Errorf("argument %d hex: %w", i, err)
		}
		if values[i], err = ctymsgpack.Unmarshal(raw, ty); err != nil {
			return nil, fmt.Errorf("argument %d: %w", i, err)
		}
	}
	return values, nil
}

// typedReply writes a value for its own type (marks, which msgpack cannot carry, dropped).
func typedReply(val cty.Value) reply {
	val, _ = val.UnmarkDeep()
	ty := val.Type()
	tyJSON, err := ctyjson.MarshalType(ty)
	if err != nil {
		return reply{Error: "marshal type: " + err.Error()}
	}
	mp, err := ctymsgpack.Marshal(val, ty)
	if err != nil {
		return reply{Error: "marshal: " + err.Error()}
	}
	// The JSON too, where go-cty can write it (not with unknowns): it shows what msgpack
	// hides, a negative zero ("-0", where msgpack has the int 0).
	js, _ := ctyjson.Marshal(val, ty)
	return reply{ResultType: string(tyJSON), Hex: hex.EncodeToString(mp), JSON: string(js)}
}
