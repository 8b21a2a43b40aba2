// A host older than write-only attributes (Terraform before 1.11, OpenTofu before 1.11) reads
// the schema's write_only flag as nothing: to it, a write-only attribute is an ordinary argument
// it would plan and store. Its ValidateResourceConfig carries no client capabilities at all, so
// the framework refuses a write-only value there, in a sentence naming the resource, the
// attribute and the host versions that support it, and accepts everything else as before.
// These tests speak the wire as such a host does (no clientCapabilities field), over protocol 6
// and 5; old-hosts.test.ts in @tsvider/conformance runs the same on a real old host.
import { Unknown } from "@tsvider/cty";
import type * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineDataSource } from "../data-source.js";
import { Diagnostics } from "../diagnostics.js";
import { dv, startTestServer } from "../internal/test-server.test-support.js";
import { dv5, startTestServerV5 } from "../internal/test-server-v5.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { checkConfig, WRITE_ONLY_HOSTS, writeOnlyUnsupported } from "../values/config-checks.js";
import { WalkPosition } from "../values/walk-position.js";

const secretFile = defineResource({
  typeName: "test_secret_file",
  schema: {
    filename: attr.string({ required: true }),
    content_wo: attr.string({ optional: true, writeOnly: true }),
    login: block.list({
      user: attr.string({ optional: true }),
      token: attr.string({ optional: true, writeOnly: true }),
    }),
  },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
});
const plainFile = defineResource({
  typeName: "test_plain_file",
  schema: { filename: attr.string({ required: true }), content: attr.string({ optional: true }) },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
});
const reader = defineDataSource({
  typeName: "test_reader",
  schema: { filename: attr.string({ required: true }) },
  async read({ config }) {
    return config;
  },
});
const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  resources: [secretFile, plainFile],
  dataSources: [reader],
});

const S = secretFile.valueType;
const secretConfig = (content: unknown, token: unknown = null) => ({
  filename: "f",
  content_wo: content,
  login: [{ user: "u", token }],
});
const errorsOf = (diagnostics: readonly pb.Diagnostic[]) =>
  diagnostics
    .filter((d) => d.severity === pb.Diagnostic_Severity.ERROR)
    .map((d) => ({
      summary: d.summary,
      detail: d.detail,
      path: d.attribute?.steps.map((s) => s.attributeName ?? s.elementKeyInt?.toString()),
    }));

let v6: Awaited<ReturnType<typeof startTestServer>>;
let v5: Awaited<ReturnType<typeof startTestServerV5>>;
beforeAll(async () => {
  v6 = await startTestServer(provider);
  v5 = await startTestServerV5(provider);
});
afterAll(async () => {
  await v6.close();
  await v5.close();
});

/** ValidateResourceConfig as a host before 1.11 sends it: no client_capabilities. */
const validateOld = (typeName: string, config: object) =>
  v6.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
    typeName,
    config: dv(config as never, typeName === "test_secret_file" ? S : plainFile.valueType),
  });

describe("a host that predates write-only attributes", () => {
  it("is refused a write-only value, in a sentence naming the resource, attribute, versions and the way out", async () => {
    const res = await validateOld("test_secret_file", secretConfig("hunter2"));
    expect(errorsOf(res.diagnostics)).toEqual([
      {
        summary: "Write-only attribute not supported",
        detail:
          "test_secret_file.content_wo is write-only, which needs Terraform 1.11 or OpenTofu 1.11 or newer; this Terraform or OpenTofu does not support write-only attributes (it did not say it does when validating the configuration), so the value could not be kept out of its plan and state. Upgrade it, or leave content_wo unset.",
        path: ["content_wo"],
      },
    ]);
  });

  it("is refused one nested in a block, and one not known yet (it would be by apply)", async () => {
    const res = await validateOld("test_secret_file", secretConfig(Unknown, "t0ken"));
    expect(errorsOf(res.diagnostics).map((e) => [e.path, e.detail.split(" is write-only")[0]])).toEqual([
      [["content_wo"], "test_secret_file.content_wo"],
      [["login", "0", "token"], "test_secret_file.login[0].token"],
    ]);
  });

  it("keeps the value out of the error: the sentence never quotes it", async () => {
    const res = await validateOld("test_secret_file", secretConfig("hunter2"));
    expect(JSON.stringify(errorsOf(res.diagnostics))).not.toContain("hunter2");
  });

  it("keeps working for the same resource with the write-only attributes unset", async () => {
    const res = await validateOld("test_secret_file", secretConfig(null));
    expect(errorsOf(res.diagnostics)).toEqual([]);
  });

  it("keeps working for every other resource and data source", async () => {
    const plain = await validateOld("test_plain_file", { filename: "f", content: "c" });
    expect(errorsOf(plain.diagnostics)).toEqual([]);
    const data = await v6.call<pb.ValidateDataResourceConfig_Response>("validateDataResourceConfig", {
      typeName: "test_reader",
      config: dv({ filename: "f" }, reader.valueType),
    });
    expect(errorsOf(data.diagnostics)).toEqual([]);
  });

  it("is refused the same way over protocol 5 (ValidateResourceTypeConfig)", async () => {
    const res = await v5.call<pb5.ValidateResourceTypeConfig_Response>("validateResourceTypeConfig", {
      typeName: "test_secret_file",
      config: dv5(secretConfig("hunter2") as never, S),
    });
    expect(res.diagnostics.map((d) => d.detail)).toEqual([
      expect.stringMatching(
        /^test_secret_file\.content_wo is write-only, which needs Terraform 1\.11 or OpenTofu 1\.11/,
      ),
    ]);
  });
});

describe("a host that says it supports write-only attributes", () => {
  it("is given none of this, and one that says false is refused as an old one is", async () => {
    const call = (allowed: boolean) =>
      v6.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
        typeName: "test_secret_file",
        config: dv(secretConfig("hunter2", "t0ken") as never, S),
        clientCapabilities: { writeOnlyAttributesAllowed: allowed, deferralAllowed: false },
      });
    expect(errorsOf((await call(true)).diagnostics)).toEqual([]);
    expect(errorsOf((await call(false)).diagnostics)).toHaveLength(2);
  });
});

describe("writeOnlyUnsupported", () => {
  it("names the attribute alone when no resource type is given", () => {
    const path = WalkPosition.root.attribute("settings").index(2).attribute("password");
    expect(writeOnlyUnsupported(undefined, path)).toMatch(
      /^settings\[2\]\.password is write-only, which needs Terraform 1\.11 or OpenTofu 1\.11 or newer; .* leave settings\[2\]\.password unset\.$/,
    );
    expect(WRITE_ONLY_HOSTS).toBe("Terraform 1.11 or OpenTofu 1.11");
  });

  it("is what checkConfig says, with the default (a host that allows them) refusing nothing", () => {
    const config = secretConfig("x") as never;
    const allowed = new Diagnostics();
    checkConfig(secretFile.schema, config, allowed);
    expect(allowed.hasErrors).toBe(false);
    const refused = new Diagnostics();
    checkConfig(secretFile.schema, config, refused, {
      writeOnlyAllowed: false,
      typeName: "test_secret_file",
    });
    expect(refused.hasErrors).toBe(true);
  });
});
