package main

// Writing HCL with hclwrite.
//
//	{"op":"format","src":"..."}                    hclwrite.Format → {"text":"...","hex":"..."}
//	                                               ("srcHex" instead of "src" for bytes that are not UTF-8;
//	                                               "hex" is the result's bytes exactly)
//	{"op":"writeValue","type":<type JSON>,"hex":"..."}
//	                                               hclwrite.TokensForValue(v).Bytes() → {"text":"..."}
//
//	{"op":"writeBody","src":"<body JSON>"}          a new file's body built with SetAttributeValue and
//	                                               AppendNewBlock, then File.Bytes → {"text":"..."}; the body
//	                                               JSON: {"attributes":[{"name","type","hex"}...],
//	                                               "blocks":[{"type","labels":[...],"body":{...}}...]}
//
// TokensForValue panics on unknown values; the reply is then {"error":"panic: ..."}.

import (
	"encoding/hex"
	"encoding/json"

	"github.com/hashicorp/hcl/v2/hclwrite"
)

func init() {
	ops["format"] = func(r request) (any, error) {
		src, err := r.source()
		if err != nil {
			return nil, err
		}
		out := hclwrite.Format(src)
		return map[string]string{"text": string(out), "hex": hex.EncodeToString(out)}, nil
	}
	ops["writeValue"] = func(r request) (any, error) {
		val, err := decodeValue(typedHex{Type: r.Type, Hex: r.Hex})
		if err != nil {
			return nil, err
		}
		return map[string]string{"text": string(hclwrite.TokensForValue(val).Bytes())}, nil
	}
	ops["writeBody"] = func(r request) (any, error) {
		var spec bodySpec
		if err := json.Unmarshal([]byte(r.Src), &spec); err != nil {
			return nil, err
		}
		f := hclwrite.NewEmptyFile()
		if err := writeBodySpec(f.Body(), spec); err != nil {
			return nil, err
		}
		return map[string]string{"text": string(f.Bytes())}, nil
	}
}

type bodySpec struct {
	Attributes []struct {
		Name string          `json:"name"`
		Type json.RawMessage `json:"type"`
		Hex  string          `json:"hex"`
	} `json:"attributes"`
	Blocks []blockSpec `json:"blocks"`
}

type blockSpec struct {
	Type   string   `json:"type"`
	Labels []string `json:"labels"`
	Body   bodySpec `json:"body"`
}

func writeBodySpec(body *hclwrite.Body, spec bodySpec) error {
	for _, a := range spec.Attributes {
		val, err := decodeValue(typedHex{Type: a.Type, Hex: a.Hex})
		if err != nil {
			return err
		}
		body.SetAttributeValue(a.Name, val)
	}
	for _, b := range spec.Blocks {
		if err := writeBodySpec(body.AppendNewBlock(b.Type, b.Labels).Body(), b.Body); err != nil {
			return err
		}
	}
	return nil
}
