// A diagnostic whose path author code built wrongly (plain JavaScript can pass strings where
// path steps belong) still reaches the host, without the path and saying why, and the
// process keeps serving: before, encoding it threw after the handler ran and the call was
// never answered, which left tofu waiting.
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterEach, describe, expect, it } from "vitest";
import { ResourceError } from "../errors.js";
import { dv, startTestServer } from "../internal/test-server.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";

const note = defineResource({
  typeName: "test_note",
  schema: { content: attr.string({ required: true }) },
  validateConfig({ config, diagnostics }) {
    if (config.content === "warn") diagnostics.addWarning("odd content", "", ["content"] as never);
  },
  async create({ plan }) {
    if (plan.content === "bad") {
      throw new ResourceError("content is bad", { path: ["content"] as never });
    }
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
const provider = defineProvider({ name: "test", version: "1.0.0", resources: [note] });
const T = note.valueType;

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("a diagnostic with a path tsvider cannot read", () => {
  it("is answered without the path, naming the mistake, and the server serves on", async () => {
    server = await startTestServer(provider);
    const cfg = { content: "bad" };
    const applied = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_note",
      priorState: dv(null, T),
      plannedState: dv(cfg, T),
      config: dv(cfg, T),
    });
    expect(applied.diagnostics).toHaveLength(1);
    expect(applied.diagnostics[0]).toMatchObject({
      severity: pb.Diagnostic_Severity.ERROR,
      summary: "content is bad",
      detail: expect.stringContaining('a path tsvider cannot read, ["content"]'),
    });
    expect(applied.diagnostics[0]?.attribute).toBeUndefined();

    const validated = await server.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
      typeName: "test_note",
      config: dv({ content: "warn" }, T),
    });
    expect(validated.diagnostics.map((d) => d.summary)).toEqual(["odd content"]);

    const good = { content: "fine" };
    const next = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_note",
      priorState: dv(null, T),
      plannedState: dv(good, T),
      config: dv(good, T),
    });
    expect(next.diagnostics).toEqual([]);
  });
});
