// Types inferred from schemas, checked by the compiler (`tsc` over this file); the runtime test
// only makes vitest count the file.
import type { CtyNumber, Dynamic, Unknown } from "@tsvider/cty";
import { describe, expectTypeOf, it } from "vitest";
import { attr } from "./attributes.js";
import { block } from "./blocks.js";
import type { Config, Plan, State, ValidationConfig } from "./infer.js";
import { t } from "./types.js";

describe("plain attributes", () => {
  const schema = {
    s: attr.string({ required: true }),
    n: attr.number({ optional: true }),
    i: attr.int64({ optional: true, computed: true }),
    f: attr.float64({ computed: true }),
    b: attr.bool({ required: true }),
    d: attr.dynamic({ optional: true }),
    w: attr.string({ optional: true, writeOnly: true }),
    wr: attr.string({ required: true, writeOnly: true, sensitive: true }),
  };
  type S = typeof schema;

  it("follows the table of T, null and Unknown", () => {
    expectTypeOf<Config<S>>().toEqualTypeOf<{
      s: string;
      n: CtyNumber | null;
      i: number | bigint | null;
      f: null;
      b: boolean;
      d: Dynamic | null;
      w: string | null;
      wr: string;
    }>();
    expectTypeOf<Plan<S>>().toEqualTypeOf<{
      s: string;
      n: CtyNumber | null;
      i: number | bigint | null | Unknown;
      f: number | null | Unknown;
      b: boolean;
      d: Dynamic | null;
      w: null;
      wr: null;
    }>();
    expectTypeOf<State<S>>().toEqualTypeOf<{
      s: string;
      n: CtyNumber | null;
      i: number | bigint | null;
      f: number | null;
      b: boolean;
      d: Dynamic | null;
      w: null;
      wr: null;
    }>();
    expectTypeOf<ValidationConfig<S>>().toEqualTypeOf<{
      s: string | Unknown;
      n: CtyNumber | null | Unknown;
      i: number | bigint | null | Unknown;
      f: null;
      b: boolean | Unknown;
      d: Dynamic | null | Unknown;
      w: string | null | Unknown;
      wr: string | Unknown;
    }>();
  });
});

describe("collection, object and tuple attributes", () => {
  const schema = {
    tags: attr.map(t.string, { optional: true }),
    names: attr.list(t.string, { required: true }),
    ports: attr.set(t.int64, { optional: true, computed: true }),
    flags: attr.map(t.bool, { required: true }),
    target: attr.object({ host: t.string, ports: t.list(t.number) }, { required: true }),
    loose: attr.object(t.object({ a: t.string, b: t.bool }, { optional: ["b"] }), { optional: true }),
    pair: attr.tuple([t.string, t.number], { required: true }),
    deep: attr.list(t.map(t.object({ x: t.dynamic })), { computed: true }),
  };
  type S = typeof schema;

  it("types elements as their descriptors say", () => {
    expectTypeOf<Config<S>>().toEqualTypeOf<{
      tags: Record<string, string> | null;
      names: string[];
      ports: (number | bigint)[] | null;
      flags: Record<string, boolean>;
      target: { host: string; ports: CtyNumber[] };
      loose: { a: string; b: boolean | null } | null;
      pair: [string, CtyNumber];
      deep: null;
    }>();
    expectTypeOf<Plan<S>["deep"]>().toEqualTypeOf<Record<string, { x: Dynamic }>[] | null | Unknown>();
    expectTypeOf<State<S>["ports"]>().toEqualTypeOf<(number | bigint)[] | null>();
  });

  it("lets any part be unknown during validation", () => {
    expectTypeOf<ValidationConfig<S>["names"]>().toEqualTypeOf<(string | Unknown)[] | Unknown>();
    expectTypeOf<ValidationConfig<S>["tags"]>().toEqualTypeOf<
      Record<string, string | Unknown> | null | Unknown
    >();
    expectTypeOf<ValidationConfig<S>["target"]>().toEqualTypeOf<
      { host: string | Unknown; ports: (CtyNumber | Unknown)[] | Unknown } | Unknown
    >();
    expectTypeOf<ValidationConfig<S>["pair"]>().toEqualTypeOf<
      [string | Unknown, CtyNumber | Unknown] | Unknown
    >();
    expectTypeOf<ValidationConfig<S>["loose"]>().toEqualTypeOf<
      { a: string | Unknown; b: boolean | null | Unknown } | null | Unknown
    >();
  });
});

describe("nested attributes", () => {
  const disk = {
    size: attr.int64({ required: true }),
    label: attr.string({ optional: true }),
    id: attr.string({ computed: true }),
    kind: attr.string({ optional: true, computed: true }),
  };
  const schema = {
    boot: attr.singleNested(disk, { required: true }),
    extra: attr.listNested(disk, { optional: true }),
    spare: attr.setNested(disk, { optional: true, computed: true }),
    named: attr.mapNested(disk, { computed: true }),
    outer: attr.singleNested(
      { inner: attr.listNested({ v: attr.string({ required: true }) }, { optional: true }) },
      { optional: true },
    ),
  };
  type S = typeof schema;
  type DiskConfig = { size: number | bigint; label: string | null; id: null; kind: string | null };
  type DiskPlan = {
    size: number | bigint;
    label: string | null;
    id: string | null | Unknown;
    kind: string | null | Unknown;
  };
  type DiskState = { size: number | bigint; label: string | null; id: string | null; kind: string | null };

  it("applies the table at each level", () => {
    expectTypeOf<Config<S>>().toEqualTypeOf<{
      boot: DiskConfig;
      extra: DiskConfig[] | null;
      spare: DiskConfig[] | null;
      named: null;
      outer: { inner: { v: string }[] | null } | null;
    }>();
    expectTypeOf<Plan<S>>().toEqualTypeOf<{
      boot: DiskPlan;
      extra: DiskPlan[] | null;
      spare: DiskPlan[] | null | Unknown;
      named: Record<string, DiskPlan> | null | Unknown;
      outer: { inner: { v: string }[] | null } | null;
    }>();
    expectTypeOf<State<S>>().toEqualTypeOf<{
      boot: DiskState;
      extra: DiskState[] | null;
      spare: DiskState[] | null;
      named: Record<string, DiskState> | null;
      outer: { inner: { v: string }[] | null } | null;
    }>();
  });

  it("lets validation see unknowns at every level", () => {
    expectTypeOf<ValidationConfig<S>["extra"]>().toEqualTypeOf<
      | {
          size: number | bigint | Unknown;
          label: string | null | Unknown;
          id: null;
          kind: string | null | Unknown;
        }[]
      | null
      | Unknown
    >();
    expectTypeOf<ValidationConfig<S>["named"]>().toEqualTypeOf<null>();
  });
});

describe("blocks", () => {
  const rule = { port: attr.number({ required: true }), id: attr.string({ computed: true }) };
  const schema = {
    name: attr.string({ required: true }),
    rules: block.list(rule, { maxItems: 3 }),
    tags: block.set({ key: attr.string({ required: true }) }),
    zones: block.map({ size: attr.number({ optional: true }) }),
    timeouts: block.single({ create: attr.string({ optional: true }) }),
    network: block.single({ cidr: attr.string({ required: true }) }, { minItems: 1 }),
    settings: block.group({
      verbose: attr.bool({ optional: true }),
      extra: block.list({ k: attr.string({ required: true }) }),
    }),
  };
  type S = typeof schema;

  it("gives blocks their shapes, never null or unknown outside validation", () => {
    expectTypeOf<Config<S>>().toEqualTypeOf<{
      name: string;
      rules: { port: CtyNumber; id: null }[];
      tags: { key: string }[];
      zones: Record<string, { size: CtyNumber | null }>;
      timeouts: { create: string | null } | null;
      network: { cidr: string };
      settings: { verbose: boolean | null; extra: { k: string }[] };
    }>();
    expectTypeOf<Plan<S>["rules"]>().toEqualTypeOf<{ port: CtyNumber; id: string | null | Unknown }[]>();
    expectTypeOf<State<S>["rules"]>().toEqualTypeOf<{ port: CtyNumber; id: string | null }[]>();
    expectTypeOf<State<S>["settings"]>().toEqualTypeOf<{ verbose: boolean | null; extra: { k: string }[] }>();
  });

  it("lets validation see unknown blocks", () => {
    expectTypeOf<ValidationConfig<S>["tags"]>().toEqualTypeOf<{ key: string | Unknown }[] | Unknown>();
    expectTypeOf<ValidationConfig<S>["timeouts"]>().toEqualTypeOf<
      { create: string | null | Unknown } | null | Unknown
    >();
  });
});
