package main

// The "call" op: calls a go-cty stdlib function on arguments given as msgpack, so that the
// TypeScript stdlib's results and errors can be compared with go-cty's own.
//
//	{"op":"call","name":"upper","args":[{"type":<type JSON>,"hex":"..."}, ...]}
//	{"op":"call","name":"toType","to":<type JSON>,"args":[...]}   stdlib.MakeToFunc(to)
//
// Reply: {"resultType":<type JSON>,"hex":"..."} (the result written for its own type), or
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
)

// stdlibFunctions names each function as @tsvider/cty/stdlib exports it: go-cty's variable
// name without "Func", in camel case.
var stdlibFunctions = map[string]function.Function{
	"absolute":               stdlib.AbsoluteFunc,
	"add":                    stdlib.AddFunc,
	"and":                    stdlib.AndFunc,
	"assertNotNull":          stdlib.AssertNotNullFunc,
	"bytesLen":               stdlib.BytesLenFunc,
	"bytesSlice":             stdlib.BytesSliceFunc,
	"ceil":                   stdlib.CeilFunc,
	"chomp":                  stdlib.ChompFunc,
	"chunklist":              stdlib.ChunklistFunc,
	"coalesce":               stdlib.CoalesceFunc,
	"coalesceList":           stdlib.CoalesceListFunc,
	"compact":                stdlib.CompactFunc,
	"concat":                 stdlib.ConcatFunc,
	"contains":               stdlib.ContainsFunc,
	"csvDecode":              stdlib.CSVDecodeFunc,
	"distinct":               stdlib.DistinctFunc,
	"divide":                 stdlib.DivideFunc,
	"element":                stdlib.ElementFunc,
	"equal":                  stdlib.EqualFunc,
	"flatten":                stdlib.FlattenFunc,
	"floor":                  stdlib.FloorFunc,
	"format":                 stdlib.FormatFunc,
	"formatDate":             stdlib.FormatDateFunc,
	"formatList":             stdlib.FormatListFunc,
	"greaterThan":            stdlib.GreaterThanFunc,
	"greaterThanOrEqualTo":   stdlib.GreaterThanOrEqualToFunc,
	"hasIndex":               stdlib.HasIndexFunc,
	"indent":                 stdlib.IndentFunc,
	"index":                  stdlib.IndexFunc,
	"int":                    stdlib.IntFunc,
	"join":                   stdlib.JoinFunc,
	"jsonDecode":             stdlib.JSONDecodeFunc,
	"jsonEncode":             stdlib.JSONEncodeFunc,
	"keys":                   stdlib.KeysFunc,
	"length":                 stdlib.LengthFunc,
	"lessThan":               stdlib.LessThanFunc,
	"lessThanOrEqualTo":      stdlib.LessThanOrEqualToFunc,
	"log":                    stdlib.LogFunc,
	"lookup":                 stdlib.LookupFunc,
	"lower":                  stdlib.LowerFunc,
	"max":                    stdlib.MaxFunc,
	"merge":                  stdlib.MergeFunc,
	"min":                    stdlib.MinFunc,
	"modulo":                 stdlib.ModuloFunc,
	"multiply":               stdlib.MultiplyFunc,
	"negate":                 stdlib.NegateFunc,
	"not":                    stdlib.NotFunc,
	"notEqual":               stdlib.NotEqualFunc,
	"or":                     stdlib.OrFunc,
	"parseInt":               stdlib.ParseIntFunc,
	"pow":                    stdlib.PowFunc,
	"range":                  stdlib.RangeFunc,
	"regex":                  stdlib.RegexFunc,
	"regexAll":               stdlib.RegexAllFunc,
	"regexReplace":           stdlib.RegexReplaceFunc,
	"replace":                stdlib.ReplaceFunc,
	"reverse":                stdlib.ReverseFunc,
	"reverseList":            stdlib.ReverseListFunc,
	"setHasElement":          stdlib.SetHasElementFunc,
	"setIntersection":        stdlib.SetIntersectionFunc,
	"setProduct":             stdlib.SetProductFunc,
	"setSubtract":            stdlib.SetSubtractFunc,
	"setSymmetricDifference": stdlib.SetSymmetricDifferenceFunc,
	"setUnion":               stdlib.SetUnionFunc,
	"signum":                 stdlib.SignumFunc,
	"slice":                  stdlib.SliceFunc,
	"sort":                   stdlib.SortFunc,
	"split":                  stdlib.SplitFunc,
	"strlen":                 stdlib.StrlenFunc,
	"substr":                 stdlib.SubstrFunc,
	"subtract":               stdlib.SubtractFunc,
	"timeAdd":                stdlib.TimeAddFunc,
	"title":                  stdlib.TitleFunc,
	"trim":                   stdlib.TrimFunc,
	"trimPrefix":             stdlib.TrimPrefixFunc,
	"trimSpace":              stdlib.TrimSpaceFunc,
	"trimSuffix":             stdlib.TrimSuffixFunc,
	"upper":                  stdlib.UpperFunc,
	"values":                 stdlib.ValuesFunc,
	"zipmap":                 stdlib.ZipmapFunc,
}

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
	return reply{ResultType: string(tyJSON), Hex: hex.EncodeToString(mp)}
}
