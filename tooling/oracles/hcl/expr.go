package main

// Expressions and templates: parsed with hclsyntax, then evaluated in the request's context.
//
//	{"op":"expr","src":"a + 1","filename":"x.hcl","start":{"line":1,"column":1,"byte":0},
//	 "variables":{"a":{"type":"number","hex":"01"}},"functions":{"upper":"upper"},
//	 "noContext":false}
//	{"op":"template",...}   the same, with hclsyntax.ParseTemplate
//	{"op":"traversal","src":"a.b[0]","filename":"x.hcl"}   hclsyntax.ParseTraversalAbs
//
// Reply: {"parseDiagnostics":[...],"range":R,"startRange":R,"variables":[traversal...],
// "value":{"type":<type JSON>,"hex":"...","diagnostics":[...]}}. "value" is absent when the
// parse had errors (callers of hcl stop there). A traversal is a list of steps
// {"kind":"root"|"attr","name":"...","range":R}, {"kind":"index","key":{"type":..,"hex":..},
// "range":R} or {"kind":"splat","range":R}.

import (
	"encoding/hex"
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

type exprReply struct {
	ParseDiagnostics []diagnostic  `json:"parseDiagnostics"`
	Range            rng           `json:"range"`
	StartRange       rng           `json:"startRange"`
	Variables        [][]traverser `json:"variables"`
	Value            *value        `json:"value,omitempty"`
}

type traverser struct {
	Kind  string    `json:"kind"`
	Name  string    `json:"name,omitempty"`
	Key   *typedHex `json:"key,omitempty"`
	Range rng       `json:"range"`
}

func init() {
	ops["expr"] = func(r request) (any, error) {
		return parseAndEvaluate(r, hclsyntax.ParseExpression)
	}
	ops["template"] = func(r request) (any, error) {
		return parseAndEvaluate(r, hclsyntax.ParseTemplate)
	}
	ops["traversal"] = func(r request) (any, error) {
		src, err := r.source()
		if err != nil {
			return nil, err
		}
		t, diags := hclsyntax.ParseTraversalAbs(src, r.Filename, r.startPos())
		steps, err := toTraversal(t)
		if err != nil {
			return nil, err
		}
		return map[string]any{"traversal": steps, "diagnostics": toDiagnostics(diags)}, nil
	}
}

func parseAndEvaluate(
	r request,
	parse func([]byte, string, hcl.Pos) (hclsyntax.Expression, hcl.Diagnostics),
) (any, error) {
	ctx, err := r.evalContext()
	if err != nil {
		return nil, err
	}
	src, err := r.source()
	if err != nil {
		return nil, err
	}
	expr, parseDiags := parse(src, r.Filename, r.startPos())
	reply := exprReply{
		ParseDiagnostics: toDiagnostics(parseDiags),
		Range:            toRange(expr.Range()),
		StartRange:       toRange(expr.StartRange()),
		Variables:        [][]traverser{},
	}
	for _, t := range expr.Variables() {
		steps, err := toTraversal(t)
		if err != nil {
			return nil, err
		}
		reply.Variables = append(reply.Variables, steps)
	}
	if parseDiags.HasErrors() {
		return reply, nil
	}
	val, diags := expr.Value(ctx)
	v, err := encodeValue(val, diags)
	if err != nil {
		return nil, err
	}
	reply.Value = &v
	return reply, nil
}

func toTraversal(t hcl.Traversal) ([]traverser, error) {
	out := make([]traverser, 0, len(t))
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			out = append(out, traverser{Kind: "root", Name: s.Name, Range: toRange(s.SrcRange)})
		case hcl.TraverseAttr:
			out = append(out, traverser{Kind: "attr", Name: s.Name, Range: toRange(s.SrcRange)})
		case hcl.TraverseIndex:
			key, _ := s.Key.UnmarkDeep()
			tyJSON, err := ctyjson.MarshalType(key.Type())
			if err != nil {
				return nil, fmt.Errorf("marshal key type: %w", err)
			}
			mp, err := ctymsgpack.Marshal(key, key.Type())
			if err != nil {
				return nil, fmt.Errorf("marshal key: %w", err)
			}
			out = append(out, traverser{
				Kind:  "index",
				Key:   &typedHex{Type: tyJSON, Hex: hex.EncodeToString(mp)},
				Range: toRange(s.SrcRange),
			})
		case hcl.TraverseSplat:
			out = append(out, traverser{Kind: "splat", Range: toRange(s.SrcRange)})
		default:
			return nil, fmt.Errorf("unknown traverser %T", step)
		}
	}
	return out, nil
}
