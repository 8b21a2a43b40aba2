// Provider functions over real gRPC, protocols 6 and 5: declarations in GetProviderSchema,
// GetFunctions and GetMetadata; CallFunction without ConfigureProvider, with variadic
// arguments, nulls (OpenTofu's empty DynamicValue), unknowns and FunctionErrors.
import * as cty from "@tsvider/cty";
import { Dynamic, Unknown } from "@tsvider/cty";
import type * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineProviderFunction, FunctionError } from "../function.js";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { dv5, fromDv5, startTestServerV5 } from "../internal/test-server-v5.test-support.js";
import { defineProvider } from "../provider.js";
import { t } from "../schema/types.js";

const provider = defineProvider({
  name: "fns",
  version: "1.0.0",
  schema: {},
  configure: () => {
    throw new Error("functions must not need a configured provider");
  },
  functions: [
    defineProviderFunction({
      name: "join_path",
      summary: "Joins path segments",
      markdownDescription: "Joins `parts` with `/`.",
      params: [{ name: "base", type: t.string, description: "The first segment" }],
      variadic: { name: "parts", type: t.string },
      returns: t.string,
      run: (base, ...parts) => [base, ...parts].join("/"),
    }),
    defineProviderFunction({
      name: "or_default",
      deprecationMessage: "Use coalesce instead.",
      params: [
        { name: "value", type: t.string, allowNullValue: true, allowUnknownValues: true },
        { name: "fallback", type: t.string },
      ],
      returns: t.string,
      run: (value, fallback) => (value === null ? fallback : cty.isUnknown(value) ? "unknown" : value),
    }),
    defineProviderFunction({
      name: "parse_mode",
      params: [{ name: "mode", type: t.string }],
      returns: t.number,
      run: (mode) => {
        if (!/^[0-7]{3,4}$/.test(mode)) {
          throw new FunctionError(`"${mode}" is not an octal file mode such as "0644"`, { argument: 0 });
        }
        return Number.parseInt(mode, 8);
      },
    }),
    defineProviderFunction({
      name: "explode",
      params: [],
      returns: t.string,
      run: () => {
        throw new Error("boom");
      },
    }),
    defineProviderFunction({
      name: "wrap",
      params: [{ name: "value", type: t.dynamic }],
      returns: t.dynamic,
      run: (value) => new Dynamic(cty.list(value.type), [value.value]),
    }),
  ],
});

describe("provider functions over protocol 6", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(provider);
  });
  afterAll(() => server.close());
  const call = (name: string, args: pb.DynamicValue[]) =>
    server.call<pb.CallFunction_Response>("callFunction", { name, arguments: args });

  it("declares the functions in GetProviderSchema, GetFunctions and GetMetadata", async () => {
    const schema = await server.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    const functions = await server.call<pb.GetFunctions_Response>("getFunctions", {});
    expect(functions.functions).toEqual(schema.functions);
    const join = schema.functions.join_path!;
    expect(join.summary).toBe("Joins path segments");
    expect(join.description).toBe("Joins `parts` with `/`.");
    expect(join.descriptionKind).toBe(1);
    expect(join.parameters).toEqual([
      expect.objectContaining({
        name: "base",
        type: Buffer.from('"string"'),
        description: "The first segment",
      }),
    ]);
    expect(join.variadicParameter).toMatchObject({ name: "parts", type: Buffer.from('"string"') });
    expect(join.return?.type.toString()).toBe('"string"');
    const orDefault = schema.functions.or_default!;
    expect(orDefault.deprecationMessage).toBe("Use coalesce instead.");
    expect(orDefault.parameters[0]).toMatchObject({ allowNullValue: true, allowUnknownValues: true });
    expect(orDefault.parameters[1]).toMatchObject({ allowNullValue: false, allowUnknownValues: false });
    expect(schema.functions.wrap!.return?.type.toString()).toBe('"dynamic"');
    const metadata = await server.call<pb.GetMetadata_Response>("getMetadata", {});
    expect(metadata.functions.map((f) => f.name).sort()).toEqual(
      ["explode", "join_path", "or_default", "parse_mode", "wrap"].sort(),
    );
  });

  it("calls a function on an unconfigured provider, variadic arguments included", async () => {
    const none = await call("join_path", [dv("a", cty.string)]);
    expect(fromDv(none.result, cty.string)).toBe("a");
    expect(none.error).toBeUndefined();
    const three = await call("join_path", [dv("a", cty.string), dv("b", cty.string), dv("c", cty.string)]);
    expect(fromDv(three.result, cty.string)).toBe("a/b/c");
  });

  it("takes an empty DynamicValue as null (OpenTofu's null argument)", async () => {
    const res = await call("or_default", [
      { msgpack: Buffer.alloc(0), json: Buffer.alloc(0) },
      dv("x", cty.string),
    ]);
    expect(fromDv(res.result, cty.string)).toBe("x");
  });

  it("hands unknowns to a parameter that allows them, and answers unknown for one that does not", async () => {
    const allowed = await call("or_default", [dv(Unknown, cty.string), dv("x", cty.string)]);
    expect(fromDv(allowed.result, cty.string)).toBe("unknown");
    const refused = await call("or_default", [dv("v", cty.string), dv(Unknown, cty.string)]);
    expect(refused.error).toBeUndefined();
    expect(fromDv(refused.result, cty.string)).toBe(Unknown);
  });

  it("refuses a null where the parameter takes none, naming the argument", async () => {
    const res = await call("join_path", [dv("a", cty.string), dv(null, cty.string)]);
    expect(res.result).toBeUndefined();
    expect(res.error).toEqual({ text: "argument must not be null", functionArgument: 1n });
  });

  it("refuses an argument of the wrong type, naming it", async () => {
    const res = await call("parse_mode", [dv(true, cty.bool)]);
    expect(res.error?.functionArgument).toBe(0n);
    expect(res.error?.text).toBe("a string is required, but got the bool true");
  });

  it("refuses too many arguments, naming the first extra one", async () => {
    const res = await call("parse_mode", [dv("0644", cty.string), dv("x", cty.string)]);
    expect(res.error).toEqual({ text: "parse_mode takes 1 argument; 2 were given", functionArgument: 1n });
  });

  it("answers the author's FunctionError with its argument", async () => {
    expect(fromDv((await call("parse_mode", [dv("0644", cty.string)])).result, cty.number)).toBe(0o644);
    const res = await call("parse_mode", [dv("rw", cty.string)]);
    expect(res.error).toEqual({
      text: '"rw" is not an octal file mode such as "0644"',
      functionArgument: 0n,
    });
  });

  it("answers a plain exception as a FunctionError and keeps serving", async () => {
    const res = await call("explode", []);
    expect(res.error).toEqual({ text: "boom" });
    expect(res.error?.functionArgument).toBeUndefined();
    expect(fromDv((await call("join_path", [dv("ok", cty.string)])).result, cty.string)).toBe("ok");
  });

  it("names the functions it has when asked for one it lacks", async () => {
    const res = await call("nope", []);
    expect(res.error?.text).toMatch(/no function "nope" \(it has: join_path, or_default/);
  });

  it("answers a dynamic return with its type in the wrapper", async () => {
    const res = await call("wrap", [dv(new Dynamic(cty.number, 7), cty.dynamic)]);
    expect(fromDv(res.result, cty.dynamic)).toEqual(new Dynamic(cty.list(cty.number), [7]));
  });
});

describe("provider functions over protocol 5", () => {
  let server: Awaited<ReturnType<typeof startTestServerV5>>;
  beforeAll(async () => {
    server = await startTestServerV5(provider);
  });
  afterAll(() => server.close());

  it("declares and calls them as protocol 6 does", async () => {
    const schema = await server.call<pb5.GetProviderSchema_Response>("getSchema", {});
    expect(Object.keys(schema.functions).sort()).toContain("parse_mode");
    const functions = await server.call<pb5.GetFunctions_Response>("getFunctions", {});
    expect(functions.functions).toEqual(schema.functions);
    const ok = await server.call<pb5.CallFunction_Response>("callFunction", {
      name: "join_path",
      arguments: [dv5("a", cty.string), dv5("b", cty.string)],
    });
    expect(fromDv5(ok.result, cty.string)).toBe("a/b");
    const bad = await server.call<pb5.CallFunction_Response>("callFunction", {
      name: "parse_mode",
      arguments: [dv5("9", cty.string)],
    });
    expect(bad.error).toEqual({ text: '"9" is not an octal file mode such as "0644"', functionArgument: 0n });
  });
});
