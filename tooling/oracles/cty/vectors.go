package main

import (
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

// corpus is the committed file: types as go-cty writes and names them, and values as it
// encodes them.
type corpus struct {
	Types  []typeVector `json:"types"`
	Values []vector     `json:"values"`
}

type typeVector struct {
	JSON           string `json:"json"`
	Name           string `json:"name"`
	ConstraintName string `json:"constraintName"`
}

// vector is one entry of the committed corpus: a value of a type, as go-cty encodes it.
type vector struct {
	Name    string `json:"name"`
	Type    string `json:"type"` // the type JSON text as go-cty writes it
	Msgpack string `json:"msgpack"`
	// JSON is the cty JSON form; absent for values it cannot hold (unknowns, infinities).
	JSON *string `json:"json,omitempty"`
}

func numbers(n int) []cty.Value {
	out := make([]cty.Value, n)
	for i := range out {
		out[i] = cty.NumberIntVal(int64(i * 1000))
	}
	return out
}

func setOfStrings(n int) cty.Value {
	out := make([]cty.Value, n)
	for i := range out {
		out[i] = cty.StringVal(fmt.Sprintf("item-%d", (i*7919)%n))
	}
	return cty.SetVal(out)
}

func mapOf(n int) cty.Value {
	out := make(map[string]cty.Value, n)
	for i := 0; i < n; i++ {
		out[fmt.Sprintf("key%02d", i)] = cty.BoolVal(i%2 == 0)
	}
	return cty.MapVal(out)
}

func mustNumber(s string) cty.Value {
	v, err := cty.ParseNumberVal(s)
	if err != nil {
		panic(err)
	}
	return v
}

func bigInt(s string) cty.Value {
	i, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return cty.NumberVal(new(big.Float).SetInt(i))
}

func vectors() corpus {
	return corpus{Types: typeVectors(), Values: valueVectors()}
}

func typeVectors() []typeVector {
	obj := cty.Object(map[string]cty.Type{"b": cty.String, "a": cty.List(cty.Number), "<&>": cty.Bool, "\u00e9": cty.DynamicPseudoType})
	types := []cty.Type{
		cty.String, cty.Number, cty.Bool, cty.DynamicPseudoType,
		cty.List(cty.String), cty.Set(cty.Number), cty.Map(cty.Bool),
		cty.List(cty.DynamicPseudoType), cty.Set(cty.DynamicPseudoType), cty.Map(cty.DynamicPseudoType),
		cty.List(cty.List(cty.Map(cty.String))),
		cty.EmptyObject, obj,
		cty.ObjectWithOptionalAttrs(map[string]cty.Type{"x": cty.String, "y": cty.Number, "z": cty.Bool}, []string{"z", "x"}),
		cty.EmptyTuple, cty.Tuple([]cty.Type{cty.String, cty.Number, obj, cty.Tuple([]cty.Type{cty.Bool})}),
		cty.Map(cty.Object(map[string]cty.Type{"10": cty.String, "9": cty.String, "a": cty.String})),
	}
	out := make([]typeVector, 0, len(types))
	for _, ty := range types {
		text, err := ctyjson.MarshalType(ty)
		if err != nil {
			panic(err)
		}
		out = append(out, typeVector{JSON: string(text), Name: ty.FriendlyName(), ConstraintName: ty.FriendlyNameForConstraint()})
	}
	return out
}

// The values @tsvider/cty encodes so far: primitives, objects, lists, maps and tuples, with
// nulls and unknowns. Sets, dynamic values, refinements and marks join with the full cty issue.
func valueVectors() []vector {
	type tv struct {
		name string
		ty   cty.Type
		val  cty.Value
	}
	server := cty.Object(map[string]cty.Type{"name": cty.String, "cores": cty.Number, "on": cty.Bool})
	nested := cty.Object(map[string]cty.Type{"inner": server, "label": cty.String})
	cases := []tv{
		{"string empty", cty.String, cty.StringVal("")},
		{"string ascii", cty.String, cty.StringVal("hello")},
		{"string NFD input is stored NFC", cty.String, cty.StringVal("e\u0301")},
		{"string html characters", cty.String, cty.StringVal("<a href=\"x\">&</a>")},
		{"string line and paragraph separators", cty.String, cty.StringVal("a\u2028b\u2029c")},
		{"string control characters", cty.String, cty.StringVal("\x00\x01\b\f\n\r\t\x1f\x7f")},
		{"string astral plane", cty.String, cty.StringVal("\U0001F600 \u4E16\u754C")},
		{"string 40 bytes", cty.String, cty.StringVal("0123456789012345678901234567890123456789")},
		{"string 300 bytes", cty.String, cty.StringVal(string(make([]byte, 300)))},
		{"string null", cty.String, cty.NullVal(cty.String)},
		{"string unknown", cty.String, cty.UnknownVal(cty.String)},
		{"bool true", cty.Bool, cty.True},
		{"bool false", cty.Bool, cty.False},
		{"bool null", cty.Bool, cty.NullVal(cty.Bool)},
		{"bool unknown", cty.Bool, cty.UnknownVal(cty.Bool)},
		{"number null", cty.Number, cty.NullVal(cty.Number)},
		{"number unknown", cty.Number, cty.UnknownVal(cty.Number)},
		{"number 0", cty.Number, cty.Zero},
		{"number 1", cty.Number, cty.NumberIntVal(1)},
		{"number -1", cty.Number, cty.NumberIntVal(-1)},
		{"number -32", cty.Number, cty.NumberIntVal(-32)},
		{"number -33", cty.Number, cty.NumberIntVal(-33)},
		{"number 127", cty.Number, cty.NumberIntVal(127)},
		{"number 128", cty.Number, cty.NumberIntVal(128)},
		{"number 255", cty.Number, cty.NumberIntVal(255)},
		{"number 256", cty.Number, cty.NumberIntVal(256)},
		{"number -129", cty.Number, cty.NumberIntVal(-129)},
		{"number 65536", cty.Number, cty.NumberIntVal(65536)},
		{"number -2^31-1", cty.Number, cty.NumberIntVal(-(1 << 31) - 1)},
		{"number 2^32", cty.Number, cty.NumberIntVal(1 << 32)},
		{"number 2^53+1", cty.Number, cty.NumberIntVal(1<<53 + 1)},
		{"number 2^60", cty.Number, cty.NumberIntVal(1 << 60)},
		{"number int64 max", cty.Number, cty.NumberIntVal(math.MaxInt64)},
		{"number int64 min", cty.Number, cty.NumberIntVal(math.MinInt64)},
		{"number 2^63 (exact double, not int64)", cty.Number, bigInt("9223372036854775808")},
		{"number uint64 max", cty.Number, bigInt("18446744073709551615")},
		{"number 2^70", cty.Number, bigInt("1180591620717411303424")},
		{"number 10^30", cty.Number, bigInt("1000000000000000000000000000000")},
		{"number -10^30 - 1", cty.Number, bigInt("-1000000000000000000000000000001")},
		{"number 0.5", cty.Number, cty.NumberFloatVal(0.5)},
		{"number -2.25", cty.Number, cty.NumberFloatVal(-2.25)},
		{"number float64 0.1", cty.Number, cty.NumberFloatVal(0.1)},
		{"number parsed 0.1", cty.Number, mustNumber("0.1")},
		{"number parsed 1e-7", cty.Number, mustNumber("1e-7")},
		{"number parsed 1e20", cty.Number, mustNumber("1e20")},
		{"number parsed decimal", cty.Number, mustNumber("123456789012345678901234567890.123456789")},
		{"number parsed tiny", cty.Number, mustNumber("-0.000000000000000000000000000000001")},
		{"number float64 1/3", cty.Number, cty.NumberFloatVal(1.0 / 3)},
		{"number float64 max", cty.Number, cty.NumberFloatVal(math.MaxFloat64)},
		{"number float64 smallest subnormal", cty.Number, cty.NumberFloatVal(math.SmallestNonzeroFloat64)},
		{"number +Inf", cty.Number, cty.PositiveInfinity},
		{"number -Inf", cty.Number, cty.NegativeInfinity},
		{"object empty", cty.EmptyObject, cty.EmptyObjectVal},
		{"object known", server, cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("web"), "cores": cty.NumberIntVal(4), "on": cty.True})},
		{"object with nulls", server, cty.ObjectVal(map[string]cty.Value{"name": cty.NullVal(cty.String), "cores": cty.NullVal(cty.Number), "on": cty.NullVal(cty.Bool)})},
		{"object with unknowns", server, cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("web"), "cores": cty.UnknownVal(cty.Number), "on": cty.UnknownVal(cty.Bool)})},
		{"object null", server, cty.NullVal(server)},
		{"object unknown", server, cty.UnknownVal(server)},
		{"object nested", nested, cty.ObjectVal(map[string]cty.Value{
			"label": cty.StringVal("x"),
			"inner": cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("a"), "cores": mustNumber("0.1"), "on": cty.False}),
		})},
		{"object nested null", nested, cty.ObjectVal(map[string]cty.Value{"label": cty.StringVal("x"), "inner": cty.NullVal(server)})},
		{"list empty", cty.List(cty.String), cty.ListValEmpty(cty.String)},
		{"list of strings", cty.List(cty.String), cty.ListVal([]cty.Value{cty.StringVal("b"), cty.StringVal("a"), cty.NullVal(cty.String), cty.UnknownVal(cty.String)})},
		{"list null", cty.List(cty.Number), cty.NullVal(cty.List(cty.Number))},
		{"list unknown", cty.List(cty.Number), cty.UnknownVal(cty.List(cty.Number))},
		{"list of 20 numbers", cty.List(cty.Number), cty.ListVal(numbers(20))},
		{"list of objects", cty.List(server), cty.ListVal([]cty.Value{
			cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("a"), "cores": cty.NumberIntVal(1), "on": cty.True}),
			cty.NullVal(server),
		})},
		{"list of lists", cty.List(cty.List(cty.Bool)), cty.ListVal([]cty.Value{cty.ListVal([]cty.Value{cty.True}), cty.ListValEmpty(cty.Bool)})},
		{"map empty", cty.Map(cty.String), cty.MapValEmpty(cty.String)},
		{"map keys in byte order", cty.Map(cty.Number), cty.MapVal(map[string]cty.Value{"b": cty.NumberIntVal(1), "a": cty.NumberIntVal(2), "10": cty.NumberIntVal(3), "9": cty.NumberIntVal(4), "\u00e9": cty.NumberIntVal(5), "B": cty.NullVal(cty.Number)})},
		{"map with unknown element", cty.Map(cty.String), cty.MapVal(map[string]cty.Value{"k": cty.UnknownVal(cty.String)})},
		{"map of 20 entries", cty.Map(cty.Bool), mapOf(20)},
		{"map null", cty.Map(cty.String), cty.NullVal(cty.Map(cty.String))},
		{"tuple empty", cty.EmptyTuple, cty.EmptyTupleVal},
		{"tuple mixed", cty.Tuple([]cty.Type{cty.String, cty.Number, cty.Bool, cty.List(cty.String)}), cty.TupleVal([]cty.Value{cty.StringVal("x"), mustNumber("0.1"), cty.NullVal(cty.Bool), cty.ListValEmpty(cty.String)})},
		{"tuple unknown", cty.Tuple([]cty.Type{cty.String}), cty.UnknownVal(cty.Tuple([]cty.Type{cty.String}))},
		{"set empty", cty.Set(cty.String), cty.SetValEmpty(cty.String)},
		{"set of strings in byte order", cty.Set(cty.String), cty.SetVal([]cty.Value{cty.StringVal("b"), cty.StringVal("a"), cty.StringVal("B"), cty.StringVal("\u00e9"), cty.StringVal("a")})},
		{"set of strings with null and unknowns", cty.Set(cty.String), cty.SetVal([]cty.Value{cty.UnknownVal(cty.String), cty.NullVal(cty.String), cty.StringVal("z"), cty.UnknownVal(cty.String), cty.StringVal("a")})},
		{"set of numbers ascending", cty.Set(cty.Number), cty.SetVal([]cty.Value{cty.NumberIntVal(10), cty.NumberIntVal(-3), mustNumber("0.1"), cty.NumberFloatVal(2.5), cty.PositiveInfinity, cty.NegativeInfinity, bigInt("100000000000000000000000")})},
		{"set of numbers equal by value collapse", cty.Set(cty.Number), cty.SetVal([]cty.Value{cty.NumberFloatVal(0.5), mustNumber("0.5"), cty.NumberIntVal(1), mustNumber("1.0")})},
		{"set of bools", cty.Set(cty.Bool), cty.SetVal([]cty.Value{cty.True, cty.False})},
		{"set of objects by hash bytes", cty.Set(server), cty.SetVal([]cty.Value{
			cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("web"), "cores": cty.NumberIntVal(4), "on": cty.True}),
			cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("db"), "cores": cty.NumberIntVal(16), "on": cty.False}),
			cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("a\tb"), "cores": mustNumber("12345678901.5"), "on": cty.NullVal(cty.Bool)}),
			cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("\u4e16"), "cores": cty.NumberFloatVal(1e-7), "on": cty.True}),
			cty.ObjectVal(map[string]cty.Value{"name": cty.UnknownVal(cty.String), "cores": cty.NumberIntVal(1), "on": cty.True}),
			cty.NullVal(server),
		})},
		{"set of lists", cty.Set(cty.List(cty.Number)), cty.SetVal([]cty.Value{cty.ListVal([]cty.Value{cty.NumberIntVal(2)}), cty.ListVal([]cty.Value{cty.NumberIntVal(1), cty.NumberIntVal(3)}), cty.ListValEmpty(cty.Number)})},
		{"set of maps", cty.Set(cty.Map(cty.String)), cty.SetVal([]cty.Value{cty.MapVal(map[string]cty.Value{"k": cty.StringVal("v")}), cty.MapVal(map[string]cty.Value{"a": cty.StringVal("\"q\"")})})},
		{"set of sets", cty.Set(cty.Set(cty.String)), cty.SetVal([]cty.Value{cty.SetVal([]cty.Value{cty.StringVal("x"), cty.StringVal("y")}), cty.SetVal([]cty.Value{cty.StringVal("a")})})},
		{"set of tuples", cty.Set(cty.Tuple([]cty.Type{cty.String, cty.Number})), cty.SetVal([]cty.Value{cty.TupleVal([]cty.Value{cty.StringVal("b"), cty.NumberIntVal(1)}), cty.TupleVal([]cty.Value{cty.StringVal("a"), mustNumber("1e30")})})},
		{"set of 40 strings", cty.Set(cty.String), setOfStrings(40)},
		{"set null", cty.Set(cty.String), cty.NullVal(cty.Set(cty.String))},
		{"set unknown", cty.Set(cty.String), cty.UnknownVal(cty.Set(cty.String))},
		{"dynamic string", cty.DynamicPseudoType, cty.StringVal("x")},
		{"dynamic number", cty.DynamicPseudoType, mustNumber("0.1")},
		{"dynamic null of a type", cty.DynamicPseudoType, cty.NullVal(cty.String)},
		{"dynamic null", cty.DynamicPseudoType, cty.NullVal(cty.DynamicPseudoType)},
		{"dynamic unknown of a type", cty.DynamicPseudoType, cty.UnknownVal(cty.Number)},
		{"dynamic unknown", cty.DynamicPseudoType, cty.DynamicVal},
		{"dynamic object", cty.DynamicPseudoType, cty.ObjectVal(map[string]cty.Value{"<a>": cty.ListVal([]cty.Value{cty.True}), "b": cty.NullVal(cty.String)})},
		{"dynamic set", cty.DynamicPseudoType, cty.SetVal([]cty.Value{cty.StringVal("b"), cty.StringVal("a")})},
		{"object with a dynamic attribute", cty.Object(map[string]cty.Type{"d": cty.DynamicPseudoType, "s": cty.String}), cty.ObjectVal(map[string]cty.Value{"d": cty.TupleVal([]cty.Value{cty.StringVal("x"), cty.NumberIntVal(1)}), "s": cty.StringVal("y")})},
		{"object with an unknown dynamic attribute", cty.Object(map[string]cty.Type{"d": cty.DynamicPseudoType}), cty.ObjectVal(map[string]cty.Value{"d": cty.DynamicVal})},
		{"list of dynamic", cty.List(cty.DynamicPseudoType), cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")})},
		{"map of dynamic", cty.Map(cty.DynamicPseudoType), cty.MapVal(map[string]cty.Value{"k": cty.NumberIntVal(1), "j": cty.NumberIntVal(2)})},
		{"set of dynamic", cty.Set(cty.DynamicPseudoType), cty.SetVal([]cty.Value{cty.StringVal("z"), cty.StringVal("y")})},
		{"tuple of dynamic", cty.Tuple([]cty.Type{cty.DynamicPseudoType, cty.DynamicPseudoType}), cty.TupleVal([]cty.Value{cty.True, cty.ListValEmpty(cty.String)})},
		{"dynamic within dynamic type", cty.DynamicPseudoType, cty.ObjectVal(map[string]cty.Value{"inner": cty.DynamicVal})},
		{"refined string not null", cty.String, cty.UnknownVal(cty.String).RefineNotNull()},
		{"refined string prefix", cty.String, cty.UnknownVal(cty.String).Refine().NotNull().StringPrefixFull("ami-").NewValue()},
		{"refined string prefix, nullable", cty.String, cty.UnknownVal(cty.String).Refine().StringPrefixFull("x").NewValue()},
		{"refined string prefix of 300 bytes", cty.String, cty.UnknownVal(cty.String).Refine().StringPrefixFull(strings.Repeat("ab", 150)).NewValue()},
		{"refined number range", cty.Number, cty.UnknownVal(cty.Number).Refine().NumberRangeInclusive(cty.NumberIntVal(1), cty.NumberIntVal(10)).NewValue()},
		{"refined number exclusive decimal bounds", cty.Number, cty.UnknownVal(cty.Number).Refine().NotNull().NumberRangeLowerBound(mustNumber("0.1"), false).NumberRangeUpperBound(cty.NumberFloatVal(2.5), false).NewValue()},
		{"refined number lower only", cty.Number, cty.UnknownVal(cty.Number).Refine().NumberRangeLowerBound(bigInt("100000000000000000000000"), true).NewValue()},
		{"refined number pinned to one value", cty.Number, cty.UnknownVal(cty.Number).Refine().NotNull().NumberRangeInclusive(cty.NumberIntVal(7), cty.NumberIntVal(7)).NewValue()},
		{"refined list length", cty.List(cty.String), cty.UnknownVal(cty.List(cty.String)).Refine().CollectionLengthLowerBound(1).CollectionLengthUpperBound(5).NewValue()},
		{"refined map lower length", cty.Map(cty.Bool), cty.UnknownVal(cty.Map(cty.Bool)).Refine().NotNull().CollectionLengthLowerBound(2).NewValue()},
		{"refined set length pinned to 0", cty.Set(cty.String), cty.UnknownVal(cty.Set(cty.String)).Refine().NotNull().CollectionLength(0).NewValue()},
		{"refined list length pinned to 2", cty.List(cty.Number), cty.UnknownVal(cty.List(cty.Number)).Refine().NotNull().CollectionLength(2).NewValue()},
		{"refined set length pinned to 1", cty.Set(cty.Bool), cty.UnknownVal(cty.Set(cty.Bool)).Refine().NotNull().CollectionLength(1).NewValue()},
		{"refined bool not null", cty.Bool, cty.UnknownVal(cty.Bool).RefineNotNull()},
		{"refined object not null", server, cty.UnknownVal(server).RefineNotNull()},
		{"refined unknown in a dynamic slot", cty.DynamicPseudoType, cty.UnknownVal(cty.String).Refine().NotNull().StringPrefixFull("p").NewValue()},
		{"object with a refined attribute", server, cty.ObjectVal(map[string]cty.Value{"name": cty.UnknownVal(cty.String).Refine().StringPrefixFull("web-").NewValue(), "cores": cty.UnknownVal(cty.Number).Refine().NumberRangeInclusive(cty.NumberIntVal(1), cty.NumberIntVal(64)).NewValue(), "on": cty.True})},
		{"object with integer-like names", cty.Object(map[string]cty.Type{"10": cty.String, "9": cty.String, "a": cty.String}), cty.ObjectVal(map[string]cty.Value{"10": cty.StringVal("x"), "9": cty.StringVal("y"), "a": cty.StringVal("z")})},
		{"object attribute names in byte order", cty.Object(map[string]cty.Type{"b": cty.String, "a": cty.String, "B": cty.String, "\u00e9": cty.String, "a_b": cty.String}), cty.ObjectVal(map[string]cty.Value{
			"b": cty.StringVal("1"), "a": cty.StringVal("2"), "B": cty.StringVal("3"), "\u00e9": cty.StringVal("4"), "a_b": cty.StringVal("5"),
		})},
	}
	out := make([]vector, 0, len(cases))
	for _, c := range cases {
		tyJSON, err := ctyjson.MarshalType(c.ty)
		if err != nil {
			panic(err)
		}
		mp, err := ctymsgpack.Marshal(c.val, c.ty)
		if err != nil {
			panic(c.name + ": " + err.Error())
		}
		v := vector{Name: c.name, Type: string(tyJSON), Msgpack: hex.EncodeToString(mp)}
		if js, err := ctyjson.Marshal(c.val, c.ty); err == nil {
			s := string(js)
			v.JSON = &s
		}
		out = append(out, v)
	}
	return out
}
