// The configurations of the collection benches: large-set.ts's sets of strings and blocks, and
// the peers bench's list and set of strings for a `<type>_collections` resource (tsvider's
// scn_collections, the Go peer's goprov_collections, pyvider's pyprov_collections).
import type { FileProvider } from "./files-configuration.js";

/**
 * A local `numbers`, the whole numbers below `size` in order. OpenTofu's range() stops at 1,024
 * elements, so they come from two nested ones.
 */
export function numbersLocal(size: number): string {
  return `locals {
  numbers = [for n in flatten([for i in range(${Math.ceil(size / 100)}) : [for j in range(100) : i * 100 + j]]) : n if n < ${size}]
}`;
}

/** One `<type>_collections` resource with `list` strings in `items` and `set` in `members`. */
export function collectionsConfiguration(
  provider: Omit<FileProvider, "resource">,
  sizes: { readonly list: number; readonly set: number },
): string {
  return `terraform {
  required_providers {
    ${provider.type} = { source = "tsvider/${provider.type}", version = "${provider.version}" }
  }
}
${numbersLocal(Math.max(sizes.list, sizes.set))}
resource "${provider.type}_collections" "c" {
  items   = [for n in slice(local.numbers, 0, ${sizes.list}) : "item-\${n}"]
  members = toset([for n in slice(local.numbers, 0, ${sizes.set}) : "member-\${n}"])
}
`;
}
