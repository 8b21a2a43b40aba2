module tsvider.dev/tooling/generators/cty-unicode

go 1.25

require (
	github.com/apparentlymart/go-textseg/v15 v15.0.0
	golang.org/x/text v0.11.0
)
