package main

// Static analysis, type expressions and try/can: hcl's ExprList, ExprMap, ExprCall,
// AbsTraversalForExpr, RelTraversalForExpr, ExprAsKeyword and UnwrapExpression,
// ext/typeexpr and ext/tryfunc, for native or JSON syntax ("mode": "native" | "json").
//
//	{"op":"static","src":"[a, f(b)]","filename":"x.hcl","mode":"native"}
//	  → {"parseDiagnostics":[...],"info":S}, S = {"range":R,"startRange":R,"keyword":"...",
//	    "unwrapRange":R,"list":{"diagnostics":[...],"elements":[S...]},
//	    "map":{"diagnostics":[...],"pairs":[{"key":S,"value":S}...]},
//	    "call":{"diagnostics":[...],"name":"f","nameRange":R,"argsRange":R,"arguments":[S...]},
//	    "absTraversal":{"diagnostics":[...],"traversal":[...]},"relTraversal":{...}}
//	  Nested S go three levels deep; "elements", "pairs", "arguments" and "traversal" are
//	  absent where hcl gives none.
//	{"op":"typeexpr","src":"list(string)","mode":"json"}
//	  → {"parseDiagnostics":[...],"type":T,"constraint":T,"withDefaults":T+{"defaults":D}},
//	    T = {"type":<type JSON>,"typeString":"...","diagnostics":[...]},
//	    D = {"type":<type JSON>,"defaultValues":{name: value},"children":{key: D}}
//	{"op":"typeDefaults","src":"object({a=optional(string,\"x\")})","type":..,"hex":".."}
//	  → {"value":{"type":..,"hex":..}} the value with TypeConstraintWithDefaults' defaults applied
//	{"op":"exprTry",...}   as "expr" (and "mode" for the syntax), with try, can and
//	                       typeexpr's convert in the context

import (
	"encoding/hex"
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

type staticInfo struct {
	Range        rng        `json:"range"`
	StartRange   rng        `json:"startRange"`
	Keyword      string     `json:"keyword"`
	UnwrapRange  rng        `json:"unwrapRange"`
	List         staticList `json:"list"`
	Map          staticMap  `json:"map"`
	Call         staticCall `json:"call"`
	AbsTraversal staticTrav `json:"absTraversal"`
	RelTraversal staticTrav `json:"relTraversal"`
}

type staticList struct {
	Diagnostics []diagnostic  `json:"diagnostics"`
	Elements    []*staticInfo `json:"elements,omitempty"`
}

type staticPair struct {
	Key   *staticInfo `json:"key"`
	Value *staticInfo `json:"value"`
}

type staticMap struct {
	Diagnostics []diagnostic `json:"diagnostics"`
	Pairs       []staticPair `json:"pairs,omitempty"`
}

type staticCall struct {
	Diagnostics []diagnostic  `json:"diagnostics"`
	Name        string        `json:"name,omitempty"`
	NameRange   *rng          `json:"nameRange,omitempty"`
	ArgsRange   *rng          `json:"argsRange,omitempty"`
	Arguments   []*staticInfo `json:"arguments,omitempty"`
}

type staticTrav struct {
	Diagnostics []diagnostic `json:"diagnostics"`
	Traversal   []traverser  `json:"traversal,omitempty"`
}

const staticDepth = 3

func analyze(expr hcl.Expression, depth int) (*staticInfo, error) {
	info := &staticInfo{
		Range:       toRange(expr.Range()),
		StartRange:  toRange(expr.StartRange()),
		Keyword:     hcl.ExprAsKeyword(expr),
		UnwrapRange: toRange(hcl.UnwrapExpression(expr).Range()),
	}
	var err error
	nested := func(e hcl.Expression) *staticInfo {
		if err != nil || depth <= 0 {
			return nil
		}
		var s *staticInfo
		s, err = analyze(e, depth-1)
		return s
	}
	list, diags := hcl.ExprList(expr)
	info.List.Diagnostics = toDiagnostics(diags)
	for _, e := range list {
		info.List.Elements = append(info.List.Elements, nested(e))
	}
	pairs, diags := hcl.ExprMap(expr)
	info.Map.Diagnostics = toDiagnostics(diags)
	for _, p := range pairs {
		info.Map.Pairs = append(info.Map.Pairs, staticPair{Key: nested(p.Key), Value: nested(p.Value)})
	}
	call, diags := hcl.ExprCall(expr)
	info.Call.Diagnostics = toDiagnostics(diags)
	if call != nil {
		info.Call.Name = call.Name
		nr, ar := toRange(call.NameRange), toRange(call.ArgsRange)
		info.Call.NameRange, info.Call.ArgsRange = &nr, &ar
		for _, a := range call.Arguments {
			info.Call.Arguments = append(info.Call.Arguments, nested(a))
		}
	}
	for _, t := range []struct {
		out *staticTrav
		fn  func(hcl.Expression) (hcl.Traversal, hcl.Diagnostics)
	}{{&info.AbsTraversal, hcl.AbsTraversalForExpr}, {&info.RelTraversal, hcl.RelTraversalForExpr}} {
		trav, diags := t.fn(expr)
		t.out.Diagnostics = toDiagnostics(diags)
		if trav != nil {
			steps, terr := toTraversal(trav)
			if terr != nil {
				return nil, terr
			}
			t.out.Traversal = steps
		}
	}
	return info, err
}

// parseForMode parses the request's source as one expression of its syntax.
func parseForMode(r request) (hcl.Expression, hcl.Diagnostics, error) {
	src, err := r.source()
	if err != nil {
		return nil, nil, err
	}
	switch r.Mode {
	case "", "native":
		e, d := hclsyntax.ParseExpression(src, r.Filename, r.startPos())
		return e, d, nil
	case "json":
		e, d := hcljson.ParseExpressionWithStartPos(src, r.Filename, r.startPos())
		return e, d, nil
	default:
		return nil, nil, fmt.Errorf("unknown syntax %q", r.Mode)
	}
}

type typeReply struct {
	Type        any          `json:"type"`
	TypeString  string       `json:"typeString"`
	Diagnostics []diagnostic `json:"diagnostics"`
	Defaults    *defaultsOut `json:"defaults,omitempty"`
}

type defaultsOut struct {
	Type          any                     `json:"type"`
	DefaultValues map[string]typedHex     `json:"defaultValues,omitempty"`
	Children      map[string]*defaultsOut `json:"children,omitempty"`
}

func typeOut(ty cty.Type, diags hcl.Diagnostics) (typeReply, error) {
	tj, err := ctyjson.MarshalType(ty)
	if err != nil {
		return typeReply{}, err
	}
	return typeReply{Type: rawJSON(tj), TypeString: typeexpr.TypeString(ty), Diagnostics: toDiagnostics(diags)}, nil
}

type rawJSON []byte

func (r rawJSON) MarshalJSON() ([]byte, error) { return r, nil }

func encodeTyped(v cty.Value) (typedHex, error) {
	v, _ = v.UnmarkDeep()
	tj, err := ctyjson.MarshalType(v.Type())
	if err != nil {
		return typedHex{}, err
	}
	mp, err := ctymsgpack.Marshal(v, v.Type())
	if err != nil {
		return typedHex{}, err
	}
	return typedHex{Type: tj, Hex: hex.EncodeToString(mp)}, nil
}

func defaultsToOut(d *typeexpr.Defaults) (*defaultsOut, error) {
	if d == nil {
		return nil, nil
	}
	tj, err := ctyjson.MarshalType(d.Type)
	if err != nil {
		return nil, err
	}
	out := &defaultsOut{Type: rawJSON(tj)}
	if len(d.DefaultValues) > 0 {
		out.DefaultValues = map[string]typedHex{}
		for k, v := range d.DefaultValues {
			if out.DefaultValues[k], err = encodeTyped(v); err != nil {
				return nil, err
			}
		}
	}
	if len(d.Children) > 0 {
		out.Children = map[string]*defaultsOut{}
		for k, c := range d.Children {
			if out.Children[k], err = defaultsToOut(c); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func init() {
	ops["static"] = func(r request) (any, error) {
		expr, parseDiags, err := parseForMode(r)
		if err != nil {
			return nil, err
		}
		info, err := analyze(expr, staticDepth)
		if err != nil {
			return nil, err
		}
		return map[string]any{"parseDiagnostics": toDiagnostics(parseDiags), "info": info}, nil
	}
	ops["typeexpr"] = func(r request) (any, error) {
		expr, parseDiags, err := parseForMode(r)
		if err != nil {
			return nil, err
		}
		reply := map[string]any{"parseDiagnostics": toDiagnostics(parseDiags)}
		ty, diags := typeexpr.Type(expr)
		if reply["type"], err = typeOut(ty, diags); err != nil {
			return nil, err
		}
		ty, diags = typeexpr.TypeConstraint(expr)
		if reply["constraint"], err = typeOut(ty, diags); err != nil {
			return nil, err
		}
		ty, defaults, diags := typeexpr.TypeConstraintWithDefaults(expr)
		withDefaults, err := typeOut(ty, diags)
		if err != nil {
			return nil, err
		}
		if withDefaults.Defaults, err = defaultsToOut(defaults); err != nil {
			return nil, err
		}
		reply["withDefaults"] = withDefaults
		return reply, nil
	}
	ops["typeDefaults"] = func(r request) (any, error) {
		expr, parseDiags, err := parseForMode(r)
		if err != nil {
			return nil, err
		}
		if parseDiags.HasErrors() {
			return nil, fmt.Errorf("type expression does not parse: %s", parseDiags.Error())
		}
		_, defaults, diags := typeexpr.TypeConstraintWithDefaults(expr)
		if diags.HasErrors() {
			return nil, fmt.Errorf("type expression is invalid: %s", diags.Error())
		}
		val, err := decodeValue(typedHex{Type: r.Type, Hex: r.Hex})
		if err != nil {
			return nil, err
		}
		if defaults != nil {
			val = defaults.Apply(val)
		}
		out, err := encodeTyped(val)
		if err != nil {
			return nil, err
		}
		return map[string]any{"value": out}, nil
	}
	ops["exprTry"] = func(r request) (any, error) {
		ctx, err := r.evalContext()
		if err != nil {
			return nil, err
		}
		if ctx == nil {
			ctx = &hcl.EvalContext{}
		}
		if ctx.Functions == nil {
			ctx.Functions = map[string]function.Function{}
		}
		ctx.Functions["try"] = tryfunc.TryFunc
		ctx.Functions["can"] = tryfunc.CanFunc
		ctx.Functions["convert"] = typeexpr.ConvertFunc
		expr, parseDiags, err := parseForMode(r)
		if err != nil {
			return nil, err
		}
		reply := map[string]any{"parseDiagnostics": toDiagnostics(parseDiags)}
		if parseDiags.HasErrors() {
			return reply, nil
		}
		val, diags := expr.Value(ctx)
		v, err := encodeValue(val, diags)
		if err != nil {
			return nil, err
		}
		reply["value"] = v
		return reply, nil
	}
}
