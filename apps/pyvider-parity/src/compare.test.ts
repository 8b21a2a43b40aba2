import type { ShownState } from "@tsvider/conformance";
import { describe, expect, it } from "vitest";
import { compareDiagnostics, compareLeaves, type Difference, judge, leaves, shape } from "./compare.js";
import type { Configuration } from "./configurations.js";
import { Renamer, type RenameTable } from "./renames.js";

const table: RenameTable = {
  provider: {
    pyvider: { name: "pyvider", source: "provide-io/pyvider", version: "0.8.1" },
    tsvider: { name: "tsvider", source: "tsvider/tsvider", version: "0.1.0" },
  },
  types: {},
  functions: {},
  attributes: { tsvider_file_content: { filename: "path" } },
};
const toTsvider = new Renamer(table, { from: "pyvider", to: "tsvider" });

const configuration: Configuration = {
  id: "c1",
  origin: "examples/c1",
  component: "tsvider_file_content",
  source: { pyvider: "", tsvider: "" },
  files: new Map(),
  uses: new Set(),
};

function state(type: string, values: Record<string, unknown>, outputs: Record<string, unknown>): ShownState {
  return {
    values: {
      outputs: { c1: { value: outputs, sensitive: true } },
      root_module: {
        child_modules: [
          {
            address: "module.c1",
            resources: [{ address: `module.c1.${type}.f`, mode: "managed", type, name: "f", values }],
          },
        ],
      },
    },
  };
}

describe("leaves and compareLeaves", () => {
  it("names pyvider's leaves as tsvider's, takes each side's directory off, and finds what differs", () => {
    const py = leaves(
      configuration,
      state(
        "pyvider_file_content",
        { filename: "/run/py/run/c1/a.txt", mode: "0o644", tags: {} },
        { n: [1, 2] },
      ),
      "/run/py",
      toTsvider,
    );
    const ts = leaves(
      configuration,
      state(
        "tsvider_file_content",
        { path: "/run/ts/run/c1/a.txt", mode: "0644", tags: null },
        { n: [1, 3] },
      ),
      "/run/ts",
      undefined,
    );
    const { compared, differences } = compareLeaves(configuration, py, ts);
    expect(compared).toBe(5);
    expect(differences.map((d) => [d.component, d.attribute, d.where, d.pyvider, d.tsvider])).toEqual([
      ["tsvider_file_content", "output.n[1]", "", 2, 3],
      ["tsvider_file_content", "mode", "tsvider_file_content.f", "0o644", "0644"],
      ["tsvider_file_content", "tags", "tsvider_file_content.f", {}, null],
    ]);
  });

  it("compares timestamps by their shape, so only a change of format shows", () => {
    expect(shape("2026-11-27T23:01:02.123Z")).toBe(shape("2025-01-01T00:00:00.999Z"));
    expect(shape("2026-11-27T23:01:02.123Z")).not.toBe(shape("2026-11-27T23:01:02.123000+00:00"));
    const at = (time: string) =>
      leaves(configuration, state("tsvider_file_content", { modified: time }, {}), "/x", undefined);
    expect(
      compareLeaves(configuration, at("2026-11-27T23:01:02Z"), at("2026-01-01T00:00:00Z")).differences,
    ).toEqual([]);
    expect(
      compareLeaves(configuration, at("2026-11-27T23:01:02Z"), at("2026-11-27 23:01:02")).differences,
    ).toHaveLength(1);
  });
});

describe("random UUIDs", () => {
  it("are read as <uuid> on both sides, and what surrounds them still compares", () => {
    const with_ = (id: string) =>
      leaves(configuration, state("tsvider_file_content", { id }, {}), "/x", undefined);
    const a = with_("token-0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(
      compareLeaves(configuration, a, with_("token-7c9e6679-7425-40de-944b-e07fc1f90ae7")).differences,
    ).toEqual([]);
    expect(
      compareLeaves(configuration, a, with_("tok-7c9e6679-7425-40de-944b-e07fc1f90ae7")).differences,
    ).toHaveLength(1);
  });
});

describe("the environment a host gives each provider start", () => {
  const env = (values: Record<string, string>) =>
    leaves(
      { ...configuration, component: "tsvider_env_variables" },
      {
        values: {
          root_module: {
            child_modules: [
              {
                resources: [
                  {
                    address: "module.c1.data.tsvider_env_variables.e",
                    mode: "data",
                    type: "tsvider_env_variables",
                    name: "e",
                    values: { values },
                  },
                ],
              },
            ],
          },
        },
      },
      "/x",
      undefined,
    );
  it("compares the client certificate as a certificate and the protocol versions as a set", () => {
    const a = env({
      PLUGIN_CLIENT_CERT: "-----BEGIN CERTIFICATE-----\nMIIB1\n-----END CERTIFICATE-----\n",
      PLUGIN_PROTOCOL_VERSIONS: "5,6",
    });
    const b = env({
      PLUGIN_CLIENT_CERT: "-----BEGIN CERTIFICATE-----\nzz9Q/+\n-----END CERTIFICATE-----\n",
      PLUGIN_PROTOCOL_VERSIONS: "6,5",
    });
    expect(compareLeaves(configuration, a, b).differences).toEqual([]);
    const c = env({ PLUGIN_CLIENT_CERT: "not a certificate", PLUGIN_PROTOCOL_VERSIONS: "6" });
    expect(compareLeaves(configuration, a, c).differences.map((d) => d.attribute)).toEqual([
      "values.PLUGIN_CLIENT_CERT",
      "values.PLUGIN_PROTOCOL_VERSIONS",
    ]);
  });
});

describe("compareDiagnostics", () => {
  it("reports a configuration that fails on one side only, and each diagnostic that differs", () => {
    const { differences } = compareDiagnostics(
      configuration,
      { ok: false, diagnostics: ["error: a"] },
      { ok: true, diagnostics: [] },
    );
    expect(differences.map((d) => [d.attribute, d.pyvider, d.tsvider])).toEqual([
      ["apply", "failed", "succeeded"],
      ["diagnostics[0]", "error: a", "(absent)"],
    ]);
    expect(
      compareDiagnostics(configuration, { ok: false, diagnostics: ["e"] }, { ok: false, diagnostics: ["e"] })
        .differences,
    ).toEqual([]);
  });
});

describe("judge", () => {
  const difference: Difference = {
    configuration: "examples/c1",
    component: "tsvider_file_info",
    attribute: "permissions",
    where: "data.tsvider_file_info.f",
    pyvider: "0o644",
    tsvider: "0644",
  };
  const entry = {
    component: "tsvider_file_info",
    attribute: "permissions",
    pyvider: "0o644",
    tsvider: "0644",
    reason: "r",
  };

  it("passes a listed difference and fails an unlisted one", () => {
    expect(judge([difference], [entry])).toEqual({ unlisted: [], stale: [] });
    expect(judge([difference], [{ ...entry, tsvider: "0o644" }]).unlisted).toEqual([difference]);
  });

  it("reads * in an entry's attribute as any run of characters", () => {
    const env = { ...difference, component: "tsvider_env_variables", attribute: "output.x.values.SECRET" };
    const glob = { ...entry, component: "tsvider_env_variables", attribute: "*.SECRET" };
    expect(judge([env], [glob])).toEqual({ unlisted: [], stale: [] });
    expect(judge([env], [{ ...glob, attribute: "*.OTHER" }]).unlisted).toEqual([env]);
    expect(judge([env], [{ ...glob, attribute: "values.*" }]).unlisted).toEqual([env]);
  });

  it("reads * in a string value as any run of characters, * alone as any value, and other values exactly", () => {
    const hash = { ...difference, attribute: "data_hash", pyvider: "ab12", tsvider: "cd34" };
    const entryHash = { ...entry, attribute: "data_hash", pyvider: "*", tsvider: "*" };
    expect(judge([hash], [entryHash]).unlisted).toEqual([]);
    expect(judge([{ ...hash, tsvider: 5 }], [entryHash]).unlisted).toEqual([]);
    expect(judge([{ ...hash, tsvider: 5 }], [{ ...entryHash, tsvider: "c*" }]).unlisted).toHaveLength(1);
    expect(judge([hash], [{ ...entryHash, tsvider: "c*" }]).unlisted).toEqual([]);
    expect(
      judge([{ ...hash, pyvider: "(absent)" }], [{ ...entryHash, pyvider: "(absent)" }]).unlisted,
    ).toEqual([]);
  });

  it("fails an entry that no difference matches any more, so the list only shrinks", () => {
    expect(judge([], [entry]).stale).toEqual([entry]);
  });
});
