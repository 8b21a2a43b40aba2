package main

// Configuration files.
//
//	{"op":"config","src":"...","filename":"x.hcl","evaluate":true,"variables":{...},...}
//
// Reply: {"diagnostics":[...],"body":B} where B is {"range":R,"endRange":R,
// "attributes":[{"name","range","nameRange","equalsRange","exprRange","exprStartRange",
// "value"?}...] (in source order),"blocks":[{"type","labels","typeRange","labelRanges",
// "openBraceRange","closeBraceRange","defRange","body":B}...]}. With "evaluate", each
// attribute carries its value as the "expr" op's "value" does.
//
//	{"op":"tfvars","src":"...","filename":"x.tfvars"}
//
// A .tfvars file as Terraform (internal/command/arguments/vars.go, addVarsFromFile and
// ParseVariableValue) reads it: hclsyntax.ParseConfig (json.Parse for a name ending ".json"), a probe for "variable" blocks, then
// JustAttributes and each expression's Value(nil). Reply: {"diagnostics":[...],
// "values":{"name":{"type","hex","diagnostics"}...}}; "values" is absent when Terraform
// stops before reading them.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
)

type bodyReply struct {
	Range      rng          `json:"range"`
	EndRange   rng          `json:"endRange"`
	Attributes []attrReply  `json:"attributes"`
	Blocks     []blockReply `json:"blocks"`
}

type attrReply struct {
	Name           string `json:"name"`
	Range          rng    `json:"range"`
	NameRange      rng    `json:"nameRange"`
	EqualsRange    rng    `json:"equalsRange"`
	ExprRange      rng    `json:"exprRange"`
	ExprStartRange rng    `json:"exprStartRange"`
	Value          *value `json:"value,omitempty"`
}

type blockReply struct {
	Type            string    `json:"type"`
	Labels          []string  `json:"labels"`
	TypeRange       rng       `json:"typeRange"`
	LabelRanges     []rng     `json:"labelRanges"`
	OpenBraceRange  rng       `json:"openBraceRange"`
	CloseBraceRange rng       `json:"closeBraceRange"`
	DefRange        rng       `json:"defRange"`
	Body            bodyReply `json:"body"`
}

func init() {
	ops["config"] = func(r request) (any, error) {
		var ctx *hcl.EvalContext
		if r.Evaluate {
			var err error
			if ctx, err = r.evalContext(); err != nil {
				return nil, err
			}
		}
		src, err := r.source()
		if err != nil {
			return nil, err
		}
		f, diags := hclsyntax.ParseConfig(src, r.Filename, r.startPos())
		body, ok := f.Body.(*hclsyntax.Body)
		if !ok {
			return nil, fmt.Errorf("ParseConfig gave a %T body", f.Body)
		}
		b, err := describeBody(body, r.Evaluate, ctx)
		if err != nil {
			return nil, err
		}
		return map[string]any{"diagnostics": toDiagnostics(diags), "body": b}, nil
	}
	ops["tfvars"] = tfvars
}

func describeBody(body *hclsyntax.Body, evaluate bool, ctx *hcl.EvalContext) (bodyReply, error) {
	out := bodyReply{
		Range:      toRange(body.SrcRange),
		EndRange:   toRange(body.EndRange),
		Attributes: []attrReply{},
		Blocks:     []blockReply{},
	}
	attrs := make([]*hclsyntax.Attribute, 0, len(body.Attributes))
	for _, a := range body.Attributes {
		attrs = append(attrs, a)
	}
	sort.Slice(attrs, func(i, j int) bool { return attrs[i].SrcRange.Start.Byte < attrs[j].SrcRange.Start.Byte })
	for _, a := range attrs {
		ar := attrReply{
			Name:           a.Name,
			Range:          toRange(a.SrcRange),
			NameRange:      toRange(a.NameRange),
			EqualsRange:    toRange(a.EqualsRange),
			ExprRange:      toRange(a.Expr.Range()),
			ExprStartRange: toRange(a.Expr.StartRange()),
		}
		if evaluate {
			val, diags := a.Expr.Value(ctx)
			v, err := encodeValue(val, diags)
			if err != nil {
				return out, fmt.Errorf("attribute %s: %w", a.Name, err)
			}
			ar.Value = &v
		}
		out.Attributes = append(out.Attributes, ar)
	}
	for _, b := range body.Blocks {
		inner, err := describeBody(b.Body, evaluate, ctx)
		if err != nil {
			return out, err
		}
		labels := b.Labels
		if labels == nil {
			labels = []string{}
		}
		out.Blocks = append(out.Blocks, blockReply{
			Type:            b.Type,
			Labels:          labels,
			TypeRange:       toRange(b.TypeRange),
			LabelRanges:     toRanges(b.LabelRanges),
			OpenBraceRange:  toRange(b.OpenBraceRange),
			CloseBraceRange: toRange(b.CloseBraceRange),
			DefRange:        toRange(b.DefRange()),
			Body:            inner,
		})
	}
	return out, nil
}

// parseFile parses the request's source as a whole file: JSON syntax for a name ending
// ".json" (which always starts at line 1), else native syntax from the request's start.
func (r request) parseFile() (*hcl.File, hcl.Diagnostics, error) {
	src, err := r.source()
	if err != nil {
		return nil, nil, err
	}
	if strings.HasSuffix(r.Filename, ".json") {
		f, diags := hcljson.Parse(src, r.Filename)
		return f, diags, nil
	}
	f, diags := hclsyntax.ParseConfig(src, r.Filename, r.startPos())
	return f, diags, nil
}

func tfvars(r request) (any, error) {
	f, diags, err := r.parseFile()
	if err != nil {
		return nil, err
	}
	if f == nil || f.Body == nil {
		return map[string]any{"diagnostics": toDiagnostics(diags)}, nil
	}
	content, _, _ := f.Body.PartialContent(&hcl.BodySchema{
		Blocks: []hcl.BlockHeaderSchema{{Type: "variable", LabelNames: []string{"name"}}},
	})
	for _, block := range content.Blocks {
		name := block.Labels[0]
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Variable declaration in .tfvars file",
			Detail:   fmt.Sprintf("A .tfvars file is used to assign values to variables that have already been declared in .tf files, not to declare new variables. To declare variable %q, place this block in one of your .tf files, such as variables.tf.\n\nTo set a value for this variable in %s, use the definition syntax instead:\n    %s = <value>", name, block.TypeRange.Filename, name),
			Subject:  &block.TypeRange,
		})
	}
	if diags.HasErrors() {
		return map[string]any{"diagnostics": toDiagnostics(diags)}, nil
	}
	attrs, attrDiags := f.Body.JustAttributes()
	diags = append(diags, attrDiags...)
	values := map[string]value{}
	for name, attr := range attrs {
		val, valDiags := attr.Expr.Value(nil)
		v, err := encodeValue(val, valDiags)
		if err != nil {
			return nil, fmt.Errorf("variable %s: %w", name, err)
		}
		values[name] = v
	}
	return map[string]any{"diagnostics": toDiagnostics(diags), "values": values}, nil
}
