// hcl-bench: the Go side of apps/bench's HCL benchmark (src/hcl.ts). It parses every .tf file
// of a corpus directory with hashicorp/hcl/v2's native syntax and evaluates every attribute
// (recursively in blocks) against the corpus's context.json, and prints, as one JSON object,
// the best time of ROUNDS rounds for parsing, evaluating and both, and a checksum of the work
// (files, attributes, diagnostics, a SHA-256 of every value) that the TypeScript side must
// reproduce exactly.
//
//	hcl-bench DIR ROUNDS
//
// The walk (mirrored by src/hcl.ts): files in byte-wise name order; in each body, attributes
// through JustAttributes when the body has no blocks (from the syntax tree otherwise, since
// JustAttributes rejects a body with blocks), in name order, then the blocks in source order.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// The functions the corpus calls, under the names @tsvider/hcl's stdlibContext gives them
// (go-cty's names in lower case).
var functions = map[string]function.Function{
	"abs":        stdlib.AbsoluteFunc,
	"ceil":       stdlib.CeilFunc,
	"chomp":      stdlib.ChompFunc,
	"chunklist":  stdlib.ChunklistFunc,
	"coalesce":   stdlib.CoalesceFunc,
	"compact":    stdlib.CompactFunc,
	"concat":     stdlib.ConcatFunc,
	"contains":   stdlib.ContainsFunc,
	"distinct":   stdlib.DistinctFunc,
	"element":    stdlib.ElementFunc,
	"flatten":    stdlib.FlattenFunc,
	"floor":      stdlib.FloorFunc,
	"format":     stdlib.FormatFunc,
	"formatlist": stdlib.FormatListFunc,
	"indent":     stdlib.IndentFunc,
	"join":       stdlib.JoinFunc,
	"jsonencode": stdlib.JSONEncodeFunc,
	"keys":       stdlib.KeysFunc,
	"length":     stdlib.LengthFunc,
	"lookup":     stdlib.LookupFunc,
	"lower":      stdlib.LowerFunc,
	"max":        stdlib.MaxFunc,
	"merge":      stdlib.MergeFunc,
	"min":        stdlib.MinFunc,
	"range":      stdlib.RangeFunc,
	"replace":    stdlib.ReplaceFunc,
	"reverse":    stdlib.ReverseFunc,
	"slice":      stdlib.SliceFunc,
	"sort":       stdlib.SortFunc,
	"split":      stdlib.SplitFunc,
	"substr":     stdlib.SubstrFunc,
	"title":      stdlib.TitleFunc,
	"trimspace":  stdlib.TrimSpaceFunc,
	"upper":      stdlib.UpperFunc,
	"values":     stdlib.ValuesFunc,
	"zipmap":     stdlib.ZipmapFunc,
	"tostring":   stdlib.MakeToFunc(cty.String),
	"tonumber":   stdlib.MakeToFunc(cty.Number),
	"tolist":     stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
	"tomap":      stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
}

type source struct {
	name  string
	bytes []byte
}

type result struct {
	ParseNs          int64  `json:"parseNs"`
	EvaluateNs       int64  `json:"evaluateNs"`
	TotalNs          int64  `json:"totalNs"`
	Files            int    `json:"files"`
	Bytes            int    `json:"bytes"`
	Attributes       int    `json:"attributes"`
	ParseDiagnostics int    `json:"parseDiagnostics"`
	EvalDiagnostics  int    `json:"evalDiagnostics"`
	Hash             string `json:"hash"`
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: hcl-bench DIR ROUNDS")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "hcl-bench:", err)
		os.Exit(1)
	}
}

func run(dir, roundsArg string) error {
	rounds, err := strconv.Atoi(roundsArg)
	if err != nil || rounds < 1 {
		return fmt.Errorf("ROUNDS must be a positive integer, not %q", roundsArg)
	}
	ctx, err := loadContext(filepath.Join(dir, "context.json"))
	if err != nil {
		return err
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.tf"))
	if err != nil {
		return err
	}
	sort.Strings(names)
	sources := make([]source, 0, len(names))
	total := 0
	for _, path := range names {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sources = append(sources, source{filepath.Base(path), b})
		total += len(b)
	}

	best := result{ParseNs: -1, EvaluateNs: -1, TotalNs: -1, Files: len(sources), Bytes: total}
	// One unmeasured round first, as the TypeScript side warms its JIT.
	for round := 0; round <= rounds; round++ {
		start := time.Now()
		files := make([]*hcl.File, len(sources))
		parseDiags := 0
		for i, src := range sources {
			f, diags := hclsyntax.ParseConfig(src.bytes, src.name, hcl.InitialPos)
			files[i] = f
			parseDiags += len(diags)
		}
		parsed := time.Now()
		w := walker{ctx: ctx}
		for i, f := range files {
			w.body(f.Body.(*hclsyntax.Body), sources[i].name)
		}
		done := time.Now()
		if round == 0 {
			best.ParseDiagnostics = parseDiags
			best.Attributes = w.attributes
			best.EvalDiagnostics = w.diagnostics
			best.Hash, err = w.hash()
			if err != nil {
				return err
			}
			continue
		}
		best.ParseNs = minNs(best.ParseNs, parsed.Sub(start).Nanoseconds())
		best.EvaluateNs = minNs(best.EvaluateNs, done.Sub(parsed).Nanoseconds())
		best.TotalNs = minNs(best.TotalNs, done.Sub(start).Nanoseconds())
	}
	out, err := json.Marshal(best)
	if err != nil {
		return err
	}
	fmt.Println(string(out))
	return nil
}

func minNs(a, b int64) int64 {
	if a < 0 || b < a {
		return b
	}
	return a
}

// loadContext reads {"type": <type JSON of an object>, "value": <its value JSON>}: each
// attribute is one root variable.
func loadContext(path string) (*hcl.EvalContext, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var input struct {
		Type  json.RawMessage `json:"type"`
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(raw, &input); err != nil {
		return nil, err
	}
	ty, err := ctyjson.UnmarshalType(input.Type)
	if err != nil {
		return nil, err
	}
	val, err := ctyjson.Unmarshal(input.Value, ty)
	if err != nil {
		return nil, err
	}
	return &hcl.EvalContext{Variables: val.AsValueMap(), Functions: functions}, nil
}

type evaluated struct {
	path string
	val  cty.Value
}

type walker struct {
	ctx         *hcl.EvalContext
	attributes  int
	diagnostics int
	values      []evaluated
}

func (w *walker) body(b *hclsyntax.Body, path string) {
	var names []string
	exprs := map[string]hcl.Expression{}
	if len(b.Blocks) == 0 {
		attrs, diags := b.JustAttributes()
		w.diagnostics += len(diags)
		for name, a := range attrs {
			names = append(names, name)
			exprs[name] = a.Expr
		}
	} else {
		for name, a := range b.Attributes {
			names = append(names, name)
			exprs[name] = a.Expr
		}
	}
	sort.Strings(names)
	for _, name := range names {
		val, diags := exprs[name].Value(w.ctx)
		w.attributes++
		w.diagnostics += len(diags)
		w.values = append(w.values, evaluated{path + "." + name, val})
	}
	for _, blk := range b.Blocks {
		p := path + "/" + blk.Type
		for _, l := range blk.Labels {
			p += "[" + strconv.Quote(l) + "]"
		}
		w.body(blk.Body, p)
	}
}

// hash is SHA-256 over "path\ntype JSON\nvalue JSON\n" for every attribute in walk order (a
// value with unknowns, as an evaluation error leaves, is written "unknown").
func (w *walker) hash() (string, error) {
	h := sha256.New()
	var sb strings.Builder
	for _, e := range w.values {
		sb.Reset()
		ty, err := ctyjson.MarshalType(e.val.Type())
		if err != nil {
			return "", err
		}
		sb.WriteString(e.path)
		sb.WriteByte('\n')
		sb.Write(ty)
		sb.WriteByte('\n')
		if e.val.IsWhollyKnown() {
			v, err := ctyjson.Marshal(e.val, e.val.Type())
			if err != nil {
				return "", fmt.Errorf("%s: %w", e.path, err)
			}
			sb.Write(v)
		} else {
			sb.WriteString("unknown")
		}
		sb.WriteByte('\n')
		h.Write([]byte(sb.String()))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
