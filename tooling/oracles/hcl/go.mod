module tsvider.dev/tooling/oracles/hcl

go 1.25

require (
	github.com/hashicorp/hcl/v2 v2.24.0
	github.com/zclconf/go-cty v1.19.0
	tsvider.dev/tooling/oracles/ctyfuncs v0.0.0
)

require (
	github.com/agext/levenshtein v1.2.1 // indirect
	github.com/apparentlymart/go-textseg/v15 v15.0.0 // indirect
	github.com/apparentlymart/go-textseg/v17 v17.0.1 // indirect
	github.com/google/go-cmp v0.6.0 // indirect
	github.com/mitchellh/go-wordwrap v1.0.1 // indirect
	github.com/vmihailenco/msgpack/v5 v5.3.5 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	golang.org/x/mod v0.17.0 // indirect
	golang.org/x/sync v0.14.0 // indirect
	golang.org/x/text v0.25.0 // indirect
	golang.org/x/tools v0.21.1-0.20240508182429-e35e4ccd0d2d // indirect
)

// The stdlib function table is shared with the other oracle; a replace keeps it in this tree.
replace tsvider.dev/tooling/oracles/ctyfuncs => ../ctyfuncs
