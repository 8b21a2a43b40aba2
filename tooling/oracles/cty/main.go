// Command cty-oracle answers questions about cty values with go-cty itself, so that
// @tsvider/cty's tests can compare their bytes with the Go implementation's.
//
//	cty-oracle vectors   print the committed test-vector corpus (JSON) on stdout
//	cty-oracle serve     answer JSON requests, one per line on stdin, one reply per line
//	cty-oracle bench FILE  time msgpack decode + encode of the value in FILE (a JSON object
//	                       {"type": <type JSON>, "hex": "..."}) and print nanoseconds per round
//
// Requests in serve mode:
//
//	{"op":"msgpack","type":<type JSON>,"hex":"..."}  decode with msgpack.Unmarshal, re-encode
//	{"op":"json","type":<type JSON>,"json":"..."}    decode with ctyjson.Unmarshal, re-encode
//	                                                  as JSON and as msgpack
//	{"op":"type","type":<type JSON>}                  the type's JSON as go-cty writes it, and its
//	                                                  friendly names
//	{"op":"impliedJson","json":"..."}                 the type go-cty infers for the JSON text
//	{"op":"impliedMsgpack","hex":"..."}               the type go-cty infers for the msgpack bytes
//
//	{"op":"call",...}, {"op":"convert",...}, ...    see functions.go and convert.go
//
// Replies: {"hex":"...","json":"...","name":"...","constraintName":"..."} with what applies,
// or {"error":"..."}.
package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

type request struct {
	Op   string          `json:"op"`
	Type json.RawMessage `json:"type"`
	Hex  string          `json:"hex"`
	JSON string          `json:"json"`
	// For ops on several values or types (functions, conversions, unification).
	Name   string            `json:"name"`
	Args   []typedHex        `json:"args"`
	To     json.RawMessage   `json:"to"`
	Types  []json.RawMessage `json:"types"`
	Unsafe bool              `json:"unsafe"`
}

// typedHex is a value as msgpack bytes (hex) with the type they were written for.
type typedHex struct {
	Type json.RawMessage `json:"type"`
	Hex  string          `json:"hex"`
}

type reply struct {
	Hex            string `json:"hex,omitempty"`
	JSON           string `json:"json,omitempty"`
	Name           string `json:"name,omitempty"`
	ConstraintName string `json:"constraintName,omitempty"`
	// The type of a result (JSON), when it is not the request's own.
	ResultType string   `json:"resultType,omitempty"`
	Types      []string `json:"types,omitempty"`
	Error      string   `json:"error,omitempty"`
	// The argument an error is about, when it is about one.
	ArgIndex *int `json:"argIndex,omitempty"`
}

// moreOps are the ops other files of this program add (functions.go, convert.go), so each
// subject keeps its requests to itself.
var moreOps = map[string]func(request) reply{}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: cty-oracle vectors|serve|bench FILE")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "vectors":
		out, err := json.MarshalIndent(vectors(), "", "  ")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Stdout.Write(append(out, '\n'))
	case "serve":
		serve()
	case "bench":
		if len(os.Args) != 3 {
			fmt.Fprintln(os.Stderr, "usage: cty-oracle bench FILE")
			os.Exit(2)
		}
		if err := bench(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	default:
		fmt.Fprintf(os.Stderr, "unknown command %q\n", os.Args[1])
		os.Exit(2)
	}
}

func serve() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			_ = out.Encode(reply{Error: "bad request: " + err.Error()})
			continue
		}
		_ = out.Encode(answerSafely(req))
	}
}

// answerSafely turns a panic in go-cty (which it raises for values it considers impossible,
// such as a list whose elements disagree on their type) into an error reply, so one bad
// request neither kills the oracle nor hides the requests after it.
func answerSafely(req request) (r reply) {
	defer func() {
		if p := recover(); p != nil {
			r = reply{Error: fmt.Sprintf("panic: %v", p)}
		}
	}()
	return answer(req)
}

func answer(req request) reply {
	if op, ok := moreOps[req.Op]; ok {
		return op(req)
	}
	switch req.Op {
	case "impliedJson":
		return impliedReply(ctyjson.ImpliedType([]byte(req.JSON)))
	case "impliedMsgpack":
		raw, err := hex.DecodeString(req.Hex)
		if err != nil {
			return reply{Error: "hex: " + err.Error()}
		}
		return impliedReply(ctymsgpack.ImpliedType(raw))
	}
	ty, err := ctyjson.UnmarshalType(req.Type)
	if err != nil {
		return reply{Error: "type: " + err.Error()}
	}
	switch req.Op {
	case "type":
		text, err := ctyjson.MarshalType(ty)
		if err != nil {
			return reply{Error: "marshal type: " + err.Error()}
		}
		return reply{JSON: string(text), Name: ty.FriendlyName(), ConstraintName: ty.FriendlyNameForConstraint()}
	case "msgpack":
		raw, err := hex.DecodeString(req.Hex)
		if err != nil {
			return reply{Error: "hex: " + err.Error()}
		}
		val, err := ctymsgpack.Unmarshal(raw, ty)
		if err != nil {
			return reply{Error: "unmarshal: " + err.Error()}
		}
		return encodeBoth(val, ty)
	case "json":
		val, err := ctyjson.Unmarshal([]byte(req.JSON), ty)
		if err != nil {
			return reply{Error: "unmarshal: " + err.Error()}
		}
		return encodeBoth(val, ty)
	default:
		return reply{Error: fmt.Sprintf("unknown op %q", req.Op)}
	}
}

// encodeBoth gives the msgpack form always, and the JSON form when the value has one
// (unknowns and infinities have none).
func encodeBoth(val cty.Value, ty cty.Type) reply {
	mp, err := ctymsgpack.Marshal(val, ty)
	if err != nil {
		return reply{Error: "marshal: " + err.Error()}
	}
	r := reply{Hex: hex.EncodeToString(mp)}
	if js, err := ctyjson.Marshal(val, ty); err == nil {
		r.JSON = string(js)
	}
	return r
}

func impliedReply(ty cty.Type, err error) reply {
	if err != nil {
		return reply{Error: "implied type: " + err.Error()}
	}
	text, err := ctyjson.MarshalType(ty)
	if err != nil {
		return reply{Error: "marshal type: " + err.Error()}
	}
	return reply{JSON: string(text)}
}
