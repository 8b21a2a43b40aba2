// Command hcl-oracle answers questions about HCL text with hashicorp/hcl/v2 itself, so that
// @tsvider/hcl's tests can compare their values, diagnostics and text with the Go original's.
//
//	hcl-oracle serve   answer JSON requests, one per line on stdin, one reply per line
//
// Requests (see expr.go, config.go and write.go for each op's fields and reply):
//
//	{"op":"expr",...}        parse (hclsyntax.ParseExpression) and evaluate an expression
//	{"op":"template",...}    parse (hclsyntax.ParseTemplate) and evaluate a template
//	{"op":"traversal",...}   hclsyntax.ParseTraversalAbs
//	{"op":"config",...}      hclsyntax.ParseConfig: the body's attributes and blocks with ranges
//	{"op":"tfvars",...}      a .tfvars file read as Terraform reads it
//	{"op":"lex",...}         hclsyntax's tokens
//	{"op":"format",...}      hclwrite.Format
//	{"op":"writeValue",...}  hclwrite.TokensForValue
//	{"op":"dynblock",...}    a body expanded by ext/dynblock, read with a nested schema
//	{"op":"functions"}       the names of the stdlib functions a request may name
//	{"op":"static",...}      static analysis, type expressions, defaults, try/can (static.go)
//
// Values travel as msgpack (hex) with their type's JSON, as the cty oracle's do. A reply that
// could not be made is {"error":"..."}.
package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

type request struct {
	Op  string `json:"op"`
	Src string `json:"src"`
	// The source as hex instead, for bytes that are not UTF-8 (JSON strings cannot carry them).
	SrcHex   string `json:"srcHex"`
	Filename string `json:"filename"`
	// Where the source starts (hcl.Pos); line 1, column 1, byte 0 when absent.
	Start *pos `json:"start"`
	// The evaluation context: variables, and functions as call name → stdlib name (the
	// names of @tsvider/cty/stdlib, or "to:" and a type's JSON for stdlib.MakeToFunc of that
	// type). NoContext evaluates with a nil context instead.
	Variables map[string]typedHex `json:"variables"`
	Functions map[string]string   `json:"functions"`
	NoContext bool                `json:"noContext"`
	// For config: evaluate each attribute too.
	Evaluate bool `json:"evaluate"`
	// For lex: "config", "expression" or "template".
	Mode string `json:"mode"`
	// For writeValue.
	Type json.RawMessage `json:"type"`
	Hex  string          `json:"hex"`
	// For dynblock: the nested body schema to read the expanded body with.
	Schema json.RawMessage `json:"schema"`
}

// typedHex is a value as msgpack bytes (hex) with the type they were written for.
type typedHex struct {
	Type json.RawMessage `json:"type"`
	Hex  string          `json:"hex"`
}

type pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Byte   int `json:"byte"`
}

type rng struct {
	Filename string `json:"filename"`
	Start    pos    `json:"start"`
	End      pos    `json:"end"`
}

type diagnostic struct {
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail,omitempty"`
	Subject  *rng   `json:"subject,omitempty"`
	Context  *rng   `json:"context,omitempty"`
}

// value is an evaluation's outcome: the value (type JSON and msgpack hex, marks dropped) and
// the diagnostics.
type value struct {
	Type        json.RawMessage `json:"type"`
	Hex         string          `json:"hex"`
	Diagnostics []diagnostic    `json:"diagnostics"`
}

var ops = map[string]func(request) (any, error){}

func main() {
	if len(os.Args) != 2 || os.Args[1] != "serve" {
		fmt.Fprintln(os.Stderr, "usage: hcl-oracle serve")
		os.Exit(2)
	}
	// Deeply nested test inputs recurse deeply in hclsyntax; Go's default 1 GB stack limit is
	// enough for the nesting our tests use, so nothing to raise here.
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 256<<20)
	out := json.NewEncoder(os.Stdout)
	out.SetEscapeHTML(false)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			_ = out.Encode(map[string]string{"error": "bad request: " + err.Error()})
			continue
		}
		if err := out.Encode(answerSafely(req)); err != nil {
			_ = out.Encode(map[string]string{"error": "encode reply: " + err.Error()})
		}
	}
}

// answerSafely turns a panic (hclwrite panics on unknown values, hcl on some impossible
// inputs) into an error reply, so one bad request neither kills the oracle nor hides the
// requests after it. The reply starts "panic: " so a test can tell it from a refusal.
func answerSafely(req request) (r any) {
	defer func() {
		if p := recover(); p != nil {
			r = map[string]string{"error": fmt.Sprintf("panic: %v", p), "stack": string(debug.Stack())}
		}
	}()
	op, ok := ops[req.Op]
	if !ok {
		return map[string]string{"error": fmt.Sprintf("unknown op %q", req.Op)}
	}
	reply, err := op(req)
	if err != nil {
		return map[string]string{"error": err.Error()}
	}
	return reply
}

func init() {
	ops["functions"] = func(request) (any, error) {
		names := make([]string, 0, len(stdlibFunctions))
		for name := range stdlibFunctions {
			names = append(names, name)
		}
		sort.Strings(names)
		return map[string][]string{"names": names}, nil
	}
}

// source is the request's source bytes.
func (r request) source() ([]byte, error) {
	if r.SrcHex != "" {
		return hex.DecodeString(r.SrcHex)
	}
	return []byte(r.Src), nil
}

func (r request) startPos() hcl.Pos {
	if r.Start == nil {
		return hcl.InitialPos
	}
	return hcl.Pos{Line: r.Start.Line, Column: r.Start.Column, Byte: r.Start.Byte}
}

func toPos(p hcl.Pos) pos { return pos{Line: p.Line, Column: p.Column, Byte: p.Byte} }

func toRange(r hcl.Range) rng {
	return rng{Filename: r.Filename, Start: toPos(r.Start), End: toPos(r.End)}
}

func toRangePtr(r *hcl.Range) *rng {
	if r == nil {
		return nil
	}
	out := toRange(*r)
	return &out
}

func toRanges(rs []hcl.Range) []rng {
	out := make([]rng, len(rs))
	for i, r := range rs {
		out[i] = toRange(r)
	}
	return out
}

func toDiagnostics(diags hcl.Diagnostics) []diagnostic {
	out := make([]diagnostic, 0, len(diags))
	for _, d := range diags {
		severity := "error"
		switch d.Severity {
		case hcl.DiagWarning:
			severity = "warning"
		case hcl.DiagError:
		default:
			severity = fmt.Sprintf("invalid(%d)", d.Severity)
		}
		out = append(out, diagnostic{
			Severity: severity,
			Summary:  d.Summary,
			Detail:   d.Detail,
			Subject:  toRangePtr(d.Subject),
			Context:  toRangePtr(d.Context),
		})
	}
	return out
}

func decodeValue(th typedHex) (cty.Value, error) {
	ty, err := ctyjson.UnmarshalType(th.Type)
	if err != nil {
		return cty.NilVal, fmt.Errorf("type: %w", err)
	}
	raw, err := hex.DecodeString(th.Hex)
	if err != nil {
		return cty.NilVal, fmt.Errorf("hex: %w", err)
	}
	return ctymsgpack.Unmarshal(raw, ty)
}

// encodeValue writes a value for its own type, marks dropped (msgpack cannot carry them).
func encodeValue(val cty.Value, diags hcl.Diagnostics) (value, error) {
	val, _ = val.UnmarkDeep()
	if val == cty.NilVal {
		// hcl returns cty.NilVal from some failed evaluations; callers see it as DynamicVal.
		val = cty.DynamicVal
	}
	ty := val.Type()
	tyJSON, err := ctyjson.MarshalType(ty)
	if err != nil {
		return value{}, fmt.Errorf("marshal type: %w", err)
	}
	mp, err := ctymsgpack.Marshal(val, ty)
	if err != nil {
		return value{}, fmt.Errorf("marshal: %w", err)
	}
	return value{Type: tyJSON, Hex: hex.EncodeToString(mp), Diagnostics: toDiagnostics(diags)}, nil
}

// evalContext builds the request's context: nil when it asks for none.
func (r request) evalContext() (*hcl.EvalContext, error) {
	if r.NoContext {
		return nil, nil
	}
	ctx := &hcl.EvalContext{}
	if r.Variables != nil {
		ctx.Variables = map[string]cty.Value{}
		for name, th := range r.Variables {
			v, err := decodeValue(th)
			if err != nil {
				return nil, fmt.Errorf("variable %s: %w", name, err)
			}
			ctx.Variables[name] = v
		}
	}
	if r.Functions != nil {
		ctx.Functions = map[string]function.Function{}
		for callName, stdlibName := range r.Functions {
			fn, ok := stdlibFunctions[stdlibName]
			if rest, isTo := strings.CutPrefix(stdlibName, "to:"); isTo {
				ty, err := ctyjson.UnmarshalType([]byte(rest))
				if err != nil {
					return nil, fmt.Errorf("function %s: %w", callName, err)
				}
				fn, ok = stdlib.MakeToFunc(ty), true
			}
			if !ok {
				return nil, fmt.Errorf("no stdlib function %q", stdlibName)
			}
			ctx.Functions[callName] = fn
		}
	}
	return ctx, nil
}
