module tsvider.dev/tooling/oracles/cty

go 1.25

require (
	github.com/zclconf/go-cty v1.19.0
	tsvider.dev/tooling/oracles/ctyfuncs v0.0.0
)

require (
	github.com/apparentlymart/go-textseg/v15 v15.0.0 // indirect
	github.com/apparentlymart/go-textseg/v17 v17.0.1 // indirect
	github.com/vmihailenco/msgpack/v5 v5.3.5 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	golang.org/x/text v0.11.0 // indirect
)

// The stdlib function table is shared with the other oracle; a replace keeps it in this tree.
replace tsvider.dev/tooling/oracles/ctyfuncs => ../ctyfuncs
