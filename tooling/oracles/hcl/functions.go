package main

// The go-cty stdlib functions a request may put in its evaluation context: the table the cty
// oracle calls, kept in one place (tooling/oracles/ctyfuncs) so that both oracles offer the
// same functions under the same names.

import "tsvider.dev/tooling/oracles/ctyfuncs"

var stdlibFunctions = ctyfuncs.Stdlib
