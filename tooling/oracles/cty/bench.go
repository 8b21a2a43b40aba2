package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"time"

	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

// bench decodes and re-encodes the given msgpack value repeatedly for about two seconds and
// prints the mean time of one round in nanoseconds, after checking the bytes round-trip.
func bench(file string) error {
	raw, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var input struct {
		Type json.RawMessage `json:"type"`
		Hex  string          `json:"hex"`
	}
	if err := json.Unmarshal(raw, &input); err != nil {
		return err
	}
	ty, err := ctyjson.UnmarshalType(input.Type)
	if err != nil {
		return err
	}
	data, err := hex.DecodeString(input.Hex)
	if err != nil {
		return err
	}
	round := func() ([]byte, error) {
		val, err := ctymsgpack.Unmarshal(data, ty)
		if err != nil {
			return nil, err
		}
		return ctymsgpack.Marshal(val, ty)
	}
	out, err := round()
	if err != nil {
		return err
	}
	if !bytes.Equal(out, data) {
		return fmt.Errorf("go-cty did not re-encode the value to the same bytes")
	}
	rounds := 0
	start := time.Now()
	for time.Since(start) < 2*time.Second || rounds < 5 {
		if _, err := round(); err != nil {
			return err
		}
		rounds++
	}
	fmt.Println(time.Since(start).Nanoseconds() / int64(rounds))
	return nil
}
