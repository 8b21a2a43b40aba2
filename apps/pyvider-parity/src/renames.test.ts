import { describe, expect, it } from "vitest";
import { Renamer, type RenameTable } from "./renames.js";
import { tokenize } from "./tokens.js";

const table: RenameTable = {
  provider: {
    pyvider: { name: "pyvider", source: "provide-io/pyvider", version: "0.8.1" },
    tsvider: { name: "tsvider", source: "tsvider/tsvider", version: "0.1.0" },
  },
  types: { pyvider_old_thing: "tsvider_new_thing" },
  functions: { pyvider_nested_data_processor: "nested_data_processor" },
  attributes: { tsvider_file_content: { filename: "path" }, provider: { lens_jq_path: "jq_path" } },
};
const toTsvider = new Renamer(table, { from: "pyvider", to: "tsvider" });
const toPyvider = toTsvider.inverse();

describe("Renamer", () => {
  it("renames block labels, references, attributes and functions, and nothing else", () => {
    const source = `# pyvider_file_content in a comment stays
resource "pyvider_file_content" "pyvider_file_content" {
  filename = "/tmp/pyvider_file_content.txt" # a string stays
  content  = "\${upper("pyvider")} \${provider::pyvider::upper(pyvider_file_content.other.filename)}"
  tags     = { filename = "kept: a map key, not the attribute" }
}
data "pyvider_old_thing" "x" {
  input = data.pyvider_old_thing.y.filename
}
output "o" {
  value = [pyvider_file_content.a[0].filename, provider::pyvider::pyvider_nested_data_processor("x")]
}
`;
    expect(toTsvider.rename(source, "main.tf")).toBe(`# pyvider_file_content in a comment stays
resource "tsvider_file_content" "pyvider_file_content" {
  path = "/tmp/pyvider_file_content.txt" # a string stays
  content  = "\${upper("pyvider")} \${provider::tsvider::upper(tsvider_file_content.other.path)}"
  tags     = { filename = "kept: a map key, not the attribute" }
}
data "tsvider_new_thing" "x" {
  input = data.tsvider_new_thing.y.filename
}
output "o" {
  value = [tsvider_file_content.a[0].path, provider::tsvider::nested_data_processor("x")]
}
`);
  });

  it("renames the provider's requirement, its blocks and references to its aliases", () => {
    const source = `terraform {
  required_providers {
    pyvider = {
      source  = "provide-io/pyvider"
      version = "0.8.1"
    }
  }
}
provider "pyvider" {
  alias        = "test"
  lens_jq_path = "jq"
}
data "pyvider_file_info" "f" {
  provider = pyvider.test
  path     = "x"
}
`;
    const renamed = toTsvider.rename(source, "main.tf");
    expect(renamed).toContain(`    tsvider = {\n      source  = "tsvider/tsvider"\n      version = "0.1.0"`);
    expect(renamed).toContain(`provider "tsvider" {\n  alias        = "test"\n  jq_path = "jq"`);
    expect(renamed).toContain("provider = tsvider.test");
    expect(toPyvider.rename(renamed, "main.tf")).toBe(source);
  });

  it("renames a state store's type, its provider block, and a list block's bare provider reference", () => {
    const source = `terraform {
  state_store "pyvider_filesystem_store" {
    provider "pyvider" {}
    path = "tfstate"
  }
}
list "pyvider_secret_note" "notes" {
  provider = pyvider
  config {
    name_prefix = "pyvider"
  }
}
`;
    const renamed = toTsvider.rename(source, "example.tfquery.hcl");
    expect(renamed).toBe(`terraform {
  state_store "tsvider_filesystem_store" {
    provider "tsvider" {}
    path = "tfstate"
  }
}
list "tsvider_secret_note" "notes" {
  provider = tsvider
  config {
    name_prefix = "pyvider"
  }
}
`);
    expect(toPyvider.rename(renamed, "example.tfquery.hcl")).toBe(source);
  });

  it("goes back the way it came", () => {
    const source = `resource "tsvider_new_thing" "a" {\n  x = tsvider_file_content.b.path\n}\n`;
    const there = toPyvider.rename(source, "main.tf");
    expect(there).toBe(`resource "pyvider_old_thing" "a" {\n  x = pyvider_file_content.b.filename\n}\n`);
    expect(toTsvider.rename(there, "main.tf")).toBe(source);
  });

  it("reports the types and functions it renamed", () => {
    const seen: string[] = [];
    toTsvider.rename(
      `data "pyvider_file_info" "f" { path = "x" }\noutput "o" { value = provider::pyvider::add(1, 2) }\n`,
      "main.tf",
      (kind, from, to) => seen.push(`${kind} ${from} ${to}`),
    );
    expect(seen).toEqual(["type pyvider_file_info tsvider_file_info", "function add add"]);
  });

  it("renames addresses", () => {
    expect(toTsvider.address("data.pyvider_old_thing.x")).toBe("data.tsvider_new_thing.x");
    expect(toTsvider.address("pyvider_file_content.a")).toBe("tsvider_file_content.a");
  });

  it("names the file, line and column of what it cannot read", () => {
    expect(() => toTsvider.rename(`resource "a" "b" {\n  x = "open\n}\n`, "bad.tf")).toThrow(
      /^bad\.tf:2:7: a quoted string is not closed on its line$/,
    );
    expect(() => toTsvider.rename(`x = (1]\n`, "bad.tf")).toThrow(
      /bad\.tf:1:7: "\]" where "\)" was expected/,
    );
  });
});

describe("tokenize", () => {
  it("keeps heredocs whole and reads their interpolations", () => {
    const kinds = tokenize(`x = <<-EOT\n  pyvider_a.b \${pyvider_c.d}\n  EOT\n`, "h.tf")
      .filter((t) => t.kind === "ident")
      .map((t) => t.text);
    expect(kinds).toEqual(["x", "pyvider_c", "d"]);
  });

  it("reads $${ as a literal, not an interpolation", () => {
    const tokens = tokenize(`x = "$\${pyvider_a.b}"\n`, "e.tf");
    expect(tokens.filter((t) => t.kind === "string").map((t) => t.text)).toEqual(["$${pyvider_a.b}"]);
  });
});
