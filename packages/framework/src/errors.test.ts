// Each error of the hierarchy, thrown by a handler served in-process, and the diagnostic it
// becomes: summary, detail and attribute path.
import * as cty from "@tsvider/cty";
import { CtyValueError } from "@tsvider/cty";
import { convert } from "@tsvider/cty/convert";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineDataSource } from "./data-source.js";
import { FrameworkConfigurationError, TsviderError } from "./diagnostics.js";
import { ConversionError, DataSourceError, ProviderError, ResourceError, ValidationError } from "./errors.js";
import { dv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import { t } from "./schema/types.js";

/** What each kind of error a handler may throw, by the name config gives. */
const throwers: Record<string, () => never> = {
  provider: () => {
    throw new ProviderError("The API refused the token", { detail: "Check the token's scopes." });
  },
  resource: () => {
    throw new ResourceError("Server quota reached", {
      detail: "Delete a server or raise the quota.",
      path: [{ attribute: "name" }],
      cause: new Error("HTTP 429 Too Many Requests"),
    });
  },
  validation: () => {
    throw new ValidationError("Name too long", {
      path: [{ attribute: "settings" }, { index: 0 }],
      detail: "At most 63 characters.",
    });
  },
  conversion: () => {
    try {
      convert(["80", "http"], cty.list(cty.string), cty.list(cty.number));
    } catch (err) {
      if (err instanceof CtyValueError) {
        throw new ConversionError(err, { path: [{ attribute: "settings" }, { attribute: "ports" }] });
      }
      throw err;
    }
    throw new Error("the conversion was expected to fail");
  },
  configuration: () => {
    throw new FrameworkConfigurationError("Not set up", { detail: "Call setUp() first." });
  },
  plain: () => {
    throw new TsviderError("Plain", { cause: "not an Error, so not added" });
  },
};

const thing = defineResource({
  typeName: "test_thing",
  schema: {
    name: attr.string({ required: true, requiresReplace: true }),
    settings: attr.list(t.string, { optional: true, requiresReplace: true }),
  },
  async create({ plan }) {
    throwers[plan.name]!();
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});

const lookup = defineDataSource({
  typeName: "test_lookup",
  schema: { name: attr.string({ required: true }) },
  async read({ config }) {
    throw new DataSourceError(`Nothing called "${config.name}"`, { path: [{ attribute: "name" }] });
  },
});

const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  schema: { token: attr.string({ optional: true }) },
  resources: [thing],
  dataSources: [lookup],
  configure({ config }) {
    if (config.token === "bad") throwers.provider!();
  },
});

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer(provider);
});
afterAll(async () => server.close());

interface Seen {
  summary: string;
  detail: string;
  path: (string | number)[] | undefined;
}
const diagnosticsOf = (res: { diagnostics: pb.Diagnostic[] }): Seen[] =>
  res.diagnostics
    .filter((d) => d.severity === Diagnostic_Severity.ERROR)
    .map((d) => ({
      summary: d.summary,
      detail: d.detail,
      path: d.attribute?.steps.map((s) => s.attributeName || Number(s.elementKeyInt)),
    }));

const create = (name: string) =>
  server
    .call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_thing",
      priorState: dv(null, thing.valueType),
      plannedState: dv({ name, settings: null }, thing.valueType),
      config: dv({ name, settings: null }, thing.valueType),
    })
    .then(diagnosticsOf);

describe("each error becomes its diagnostic", () => {
  it("ProviderError from configure", async () => {
    const res = await server.call<pb.ConfigureProvider_Response>("configureProvider", {
      config: dv({ token: "bad" }, provider.configType),
    });
    expect(diagnosticsOf(res)).toEqual([
      { summary: "The API refused the token", detail: "Check the token's scopes.", path: undefined },
    ]);
  });

  it("ResourceError, with its path and its cause's message in the detail", async () => {
    expect(await create("resource")).toEqual([
      {
        summary: "Server quota reached",
        detail: "Delete a server or raise the quota.\n\nCause: HTTP 429 Too Many Requests",
        path: ["name"],
      },
    ]);
  });

  it("DataSourceError from a data source read", async () => {
    const res = await server.call<pb.ReadDataSource_Response>("readDataSource", {
      typeName: "test_lookup",
      config: dv({ name: "nope" }, lookup.valueType),
    });
    expect(diagnosticsOf(res)).toEqual([{ summary: 'Nothing called "nope"', detail: "", path: ["name"] }]);
  });

  it("ValidationError, whose path is required", async () => {
    expect(await create("validation")).toEqual([
      { summary: "Name too long", detail: "At most 63 characters.", path: ["settings", 0] },
    ]);
  });

  it("ConversionError: cty's reason, the attribute path joined with the path inside the value", async () => {
    expect(await create("conversion")).toEqual([
      {
        summary: "Invalid value",
        detail: 'The value of "settings.ports[1]" cannot be used: a number is required.',
        path: ["settings", "ports", 1],
      },
    ]);
  });

  it("FrameworkConfigurationError and a plain TsviderError", async () => {
    expect(await create("configuration")).toEqual([
      { summary: "Not set up", detail: "Call setUp() first.", path: undefined },
    ]);
    expect(await create("plain")).toEqual([{ summary: "Plain", detail: "", path: undefined }]);
  });
});

describe("the classes", () => {
  it("are TsviderErrors with their own names", () => {
    const errors = [
      new ProviderError("a"),
      new ResourceError("a"),
      new DataSourceError("a"),
      new ValidationError("a", { path: [] }),
      new ConversionError(new CtyValueError([], "bad")),
    ];
    for (const err of errors) expect(err).toBeInstanceOf(TsviderError);
    expect(errors.map((e) => e.name)).toEqual([
      "ProviderError",
      "ResourceError",
      "DataSourceError",
      "ValidationError",
      "ConversionError",
    ]);
  });

  it("ConversionError keeps the cty error and its own summary when given", () => {
    const cause = new CtyValueError([{ index: 2 }], "a bool is required");
    const err = new ConversionError(cause, { path: [{ attribute: "flags" }], summary: "Bad flags" });
    expect(err.cause).toBe(cause);
    expect(err.toDiagnostic()).toEqual({
      severity: "error",
      summary: "Bad flags",
      detail: 'The value of "flags[2]" cannot be used: a bool is required.',
      path: [{ attribute: "flags" }, { index: 2 }],
    });
  });
});
