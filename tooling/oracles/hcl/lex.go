package main

// Tokens, as hclsyntax's scanner makes them.
//
//	{"op":"lex","src":"...","filename":"x.hcl","mode":"config"|"expression"|"template"}
//
// Reply: {"tokens":[{"type":"OBrace","range":R}...],"diagnostics":[...]} with hclsyntax's
// token type names without their "Token" prefix (TokenOBrace is "OBrace").

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

type tokenReply struct {
	Type  string `json:"type"`
	Range rng    `json:"range"`
}

func init() {
	ops["lex"] = func(r request) (any, error) {
		src, err := r.source()
		if err != nil {
			return nil, err
		}
		var tokens hclsyntax.Tokens
		var diags hcl.Diagnostics
		switch r.Mode {
		case "template":
			tokens, diags = hclsyntax.LexTemplate(src, r.Filename, r.startPos())
		case "expression":
			tokens, diags = hclsyntax.LexExpression(src, r.Filename, r.startPos())
		default:
			tokens, diags = hclsyntax.LexConfig(src, r.Filename, r.startPos())
		}
		out := make([]tokenReply, len(tokens))
		for i, t := range tokens {
			out[i] = tokenReply{Type: strings.TrimPrefix(t.Type.String(), "Token"), Range: toRange(t.Range)}
		}
		return map[string]any{"tokens": out, "diagnostics": toDiagnostics(diags)}, nil
	}
}
