// One translation serves both protocols because their shared messages agree: the same enum
// numbers, and the same fields.
import * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import * as pb6 from "@tsvider/rpcplugin/tfplugin6";
import { describe, expect, it } from "vitest";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { Severity, StringKind, toWireDiagnostics, toWireSchema } from "./wire.js";

describe("the messages protocols 5 and 6 share", () => {
  it("have the enum numbers wire.ts uses", () => {
    for (const pb of [pb5, pb6]) {
      expect(pb.Diagnostic_Severity.ERROR).toBe(Severity.ERROR);
      expect(pb.Diagnostic_Severity.WARNING).toBe(Severity.WARNING);
      expect(pb.StringKind.PLAIN).toBe(StringKind.PLAIN);
      expect(pb.StringKind.MARKDOWN).toBe(StringKind.MARKDOWN);
      expect([
        pb.Schema_NestedBlock_NestingMode.SINGLE,
        pb.Schema_NestedBlock_NestingMode.LIST,
        pb.Schema_NestedBlock_NestingMode.SET,
        pb.Schema_NestedBlock_NestingMode.MAP,
        pb.Schema_NestedBlock_NestingMode.GROUP,
      ]).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it("carry the same schema and diagnostics in either protocol", () => {
    const entries = {
      name: attr.string({ required: true, description: "The name.", deprecationMessage: "Use title." }),
      rule: block.set({ port: attr.int64({ optional: true, sensitive: true }) }, { maxItems: 3 }),
      box: block.single({ id: attr.string({ computed: true, markdownDescription: "**id**" }) }),
    };
    const schema = toWireSchema(entries, {}, { version: 2, description: "R." });
    const v5 = pb5.Schema.encode(pb5.Schema.fromPartial(schema)).finish();
    const v6 = pb6.Schema.encode(pb6.Schema.fromPartial(schema)).finish();
    // Field numbers differ (protocol 6 numbers nested_type among the attribute's fields), so
    // the bytes do, but each protocol reads back the same schema.
    // (What protocol 6 read, put into protocol 5's message, which drops 6's extra fields.)
    const v6AsV5 = pb5.Schema.fromPartial(pb6.Schema.decode(v6) as Partial<pb5.Schema>);
    expect(pb5.Schema.decode(v5)).toEqual(v6AsV5);
    expect(pb5.Schema.decode(v5).block!.blockTypes.map((b) => [b.typeName, b.nesting, b.maxItems])).toEqual([
      ["box", pb5.Schema_NestedBlock_NestingMode.SINGLE, 0n],
      ["rule", pb5.Schema_NestedBlock_NestingMode.SET, 3n],
    ]);

    const diagnostics = toWireDiagnostics([
      {
        severity: "error",
        summary: "S",
        detail: "D",
        path: [{ attribute: "a" }, { index: 2 }, { key: "k" }],
      },
      { severity: "warning", summary: "W", detail: "" },
    ]);
    const d5 = diagnostics.map((d) =>
      Buffer.from(pb5.Diagnostic.encode(pb5.Diagnostic.fromPartial(d)).finish()),
    );
    const d6 = diagnostics.map((d) =>
      Buffer.from(pb6.Diagnostic.encode(pb6.Diagnostic.fromPartial(d)).finish()),
    );
    expect(d5.map((b) => b.toString("hex"))).toEqual(d6.map((b) => b.toString("hex")));
    expect(pb5.Diagnostic.decode(d5[0]!).attribute!.steps).toEqual([
      { attributeName: "a" },
      { elementKeyInt: 2n },
      { elementKeyString: "k" },
    ]);
  });
});
