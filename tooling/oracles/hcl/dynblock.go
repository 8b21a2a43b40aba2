package main

// Dynamic blocks (hcl's ext/dynblock).
//
//	{"op":"dynblock","src":"...","filename":"x.hcl","variables":{...},"functions":{...},"schema":S}
//
// S is {"attributes":[{"name","required"}...],"blocks":[{"type","labelNames":[...],"body":S}...]}.
// The file's body (JSON syntax for a name ending ".json") is wrapped by dynblock.Expand with
// the request's context, then read level by level with Content(S). Reply:
// {"diagnostics":[...],"body":C} where C is {"attributes":[{"name","range","variables","value"}...]
// (by source position; each value evaluated with the same context, "variables" the root names
// of Variables()), "blocks":[{"type","labels","labelRanges","typeRange","defRange","unknown",
// "body":C}...]}. An unknown block (for_each not known) is read with Content like the others.
//
//	{"op":"dynblockVariables","src":"...","filename":"x.hcl","schema":S,"mode":"all"|"expand"}
//
// dynblock.WalkVariables ("all") or WalkExpandVariables ("expand") visited level by level
// with S. Reply: {"variables":[{"root","range"}...]} sorted by position (hcl visits a body's
// attributes in Go's map order).

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/dynblock"
)

type dynSchema struct {
	Attributes []struct {
		Name     string `json:"name"`
		Required bool   `json:"required"`
	} `json:"attributes"`
	Blocks []struct {
		Type       string    `json:"type"`
		LabelNames []string  `json:"labelNames"`
		Body       dynSchema `json:"body"`
	} `json:"blocks"`
}

func (s dynSchema) hclSchema() *hcl.BodySchema {
	out := &hcl.BodySchema{}
	for _, a := range s.Attributes {
		out.Attributes = append(out.Attributes, hcl.AttributeSchema{Name: a.Name, Required: a.Required})
	}
	for _, b := range s.Blocks {
		out.Blocks = append(out.Blocks, hcl.BlockHeaderSchema{Type: b.Type, LabelNames: b.LabelNames})
	}
	return out
}

type dynAttr struct {
	Name      string   `json:"name"`
	Range     rng      `json:"range"`
	Variables []string `json:"variables"`
	Value     value    `json:"value"`
}

type dynBlock struct {
	Type        string      `json:"type"`
	Labels      []string    `json:"labels"`
	LabelRanges []rng       `json:"labelRanges"`
	TypeRange   rng         `json:"typeRange"`
	DefRange    rng         `json:"defRange"`
	Unknown     bool        `json:"unknown"`
	Body        dynBodyRepl `json:"body"`
}

type dynBodyRepl struct {
	Attributes []dynAttr  `json:"attributes"`
	Blocks     []dynBlock `json:"blocks"`
}

func init() {
	ops["dynblock"] = func(r request) (any, error) {
		var schema dynSchema
		if err := json.Unmarshal(r.Schema, &schema); err != nil {
			return nil, fmt.Errorf("schema: %w", err)
		}
		ctx, err := r.evalContext()
		if err != nil {
			return nil, err
		}
		f, diags, err := r.parseFile()
		if err != nil {
			return nil, err
		}
		if diags.HasErrors() {
			return map[string]any{"diagnostics": toDiagnostics(diags)}, nil
		}
		body, more, err := readExpanded(dynblock.Expand(f.Body, ctx), schema, ctx)
		if err != nil {
			return nil, err
		}
		diags = append(diags, more...)
		return map[string]any{"diagnostics": toDiagnostics(diags), "body": body}, nil
	}
}

func init() {
	ops["dynblockVariables"] = func(r request) (any, error) {
		var schema dynSchema
		if err := json.Unmarshal(r.Schema, &schema); err != nil {
			return nil, fmt.Errorf("schema: %w", err)
		}
		f, diags, err := r.parseFile()
		if err != nil {
			return nil, err
		}
		if diags.HasErrors() {
			return nil, fmt.Errorf("the source does not parse: %s", diags.Error())
		}
		node := dynblock.WalkVariables(f.Body)
		if r.Mode == "expand" {
			node = dynblock.WalkExpandVariables(f.Body)
		}
		type ref struct {
			Root  string `json:"root"`
			Range rng    `json:"range"`
		}
		refs := []ref{}
		var walk func(n dynblock.WalkVariablesNode, s dynSchema)
		walk = func(n dynblock.WalkVariablesNode, s dynSchema) {
			vars, children := n.Visit(s.hclSchema())
			for _, t := range vars {
				refs = append(refs, ref{Root: t.RootName(), Range: toRange(t.SourceRange())})
			}
			for _, c := range children {
				for _, b := range s.Blocks {
					if b.Type == c.BlockTypeName {
						walk(c.Node, b.Body)
					}
				}
			}
		}
		walk(node, schema)
		sort.SliceStable(refs, func(i, j int) bool { return refs[i].Range.Start.Byte < refs[j].Range.Start.Byte })
		return map[string]any{"variables": refs}, nil
	}
}

func readExpanded(body hcl.Body, schema dynSchema, ctx *hcl.EvalContext) (dynBodyRepl, hcl.Diagnostics, error) {
	out := dynBodyRepl{Attributes: []dynAttr{}, Blocks: []dynBlock{}}
	content, diags := body.Content(schema.hclSchema())
	attrs := make([]*hcl.Attribute, 0, len(content.Attributes))
	for _, a := range content.Attributes {
		attrs = append(attrs, a)
	}
	sort.Slice(attrs, func(i, j int) bool { return attrs[i].Range.Start.Byte < attrs[j].Range.Start.Byte })
	for _, a := range attrs {
		val, valDiags := a.Expr.Value(ctx)
		v, err := encodeValue(val, valDiags)
		if err != nil {
			return out, diags, fmt.Errorf("attribute %s: %w", a.Name, err)
		}
		names := []string{}
		for _, t := range a.Expr.Variables() {
			names = append(names, t.RootName())
		}
		out.Attributes = append(out.Attributes, dynAttr{Name: a.Name, Range: toRange(a.Range), Variables: names, Value: v})
	}
	for _, b := range content.Blocks {
		var inner dynSchema
		for _, s := range schema.Blocks {
			if s.Type == b.Type {
				inner = s.Body
			}
		}
		sub, subDiags, err := readExpanded(b.Body, inner, ctx)
		if err != nil {
			return out, diags, err
		}
		diags = append(diags, subDiags...)
		labels := b.Labels
		if labels == nil {
			labels = []string{}
		}
		unknown := false
		if u, ok := b.Body.(interface{ Unknown() bool }); ok {
			unknown = u.Unknown()
		}
		out.Blocks = append(out.Blocks, dynBlock{
			Type:        b.Type,
			Labels:      labels,
			LabelRanges: toRanges(b.LabelRanges),
			TypeRange:   toRange(b.TypeRange),
			DefRange:    toRange(b.DefRange),
			Unknown:     unknown,
			Body:        sub,
		})
	}
	return out, diags, nil
}
