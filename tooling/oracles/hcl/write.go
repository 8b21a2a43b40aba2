package main

// Writing HCL with hclwrite.
//
//	{"op":"format","src":"..."}                    hclwrite.Format → {"text":"...","hex":"..."}
//	                                               ("srcHex" instead of "src" for bytes that are not UTF-8;
//	                                               "hex" is the result's bytes exactly)
//	{"op":"writeValue","type":<type JSON>,"hex":"..."}
//	                                               hclwrite.TokensForValue(v).Bytes() → {"text":"..."}
//
// TokensForValue panics on unknown values; the reply is then {"error":"panic: ..."}.

import (
	"encoding/hex"

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
}
