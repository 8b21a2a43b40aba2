module tsvider.dev/apps/bench/provider-usage

go 1.25.0
