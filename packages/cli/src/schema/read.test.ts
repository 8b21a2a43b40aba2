import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleProvider } from "../bundle.js";
import { CliError } from "../cli/command.js";
import { readProviderSchema } from "./read.js";

const edgeEntry = fileURLToPath(new URL("./edge-provider.test-support.ts", import.meta.url));
let dir: string;
let build: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tsvider-schema-read-"));
  build = join(dir, "terraform-provider-fx");
  await bundleProvider({ entry: edgeEntry, outfile: build, compileCache: false });
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("readProviderSchema", () => {
  it("starts a built provider as hosts do and reads every kind of schema over protocol 6", async () => {
    // The bundle runs by itself (node shebang), as the executable in a provider zip does.
    const schema = await readProviderSchema({ executable: build });
    expect(Object.keys(schema.resource_schemas ?? {})).toEqual(["fx_plain", "fx_thing"]);
    expect(schema.resource_schemas?.fx_thing?.version).toBe(2);
    expect(schema.resource_schemas?.fx_thing?.block?.attributes?.nested?.nested_type?.nesting_mode).toBe(
      "list",
    );
    // Attribute types as cty prints them: object keys and optional names sorted.
    expect(schema.resource_schemas?.fx_thing?.block?.attributes?.shape?.type).toEqual([
      "object",
      { a: ["list", "number"], b: "string" },
      ["b"],
    ]);
    expect(schema.state_store_schemas).toHaveProperty("fx_store");
    // An identity for a resource type the provider does not have is dropped, as hosts drop it.
    expect(Object.keys(schema.resource_identity_schemas ?? {})).toEqual(["fx_thing"]);
    expect(schema.functions?.plain).toEqual({ description: "", summary: "", return_type: "string" });
  }, 30_000);

  it("falls back to protocol 5 when that is what the provider serves", async () => {
    const schema = await readProviderSchema({ executable: build, env: { FIXTURE_PROTOCOL: "5" } });
    expect(schema.resource_schemas?.fx_thing?.block?.attributes).not.toHaveProperty("nested");
    expect(schema).not.toHaveProperty("state_store_schemas");
    expect(schema.action_schemas).toHaveProperty("fx_do");
  }, 30_000);

  it("reports the provider's error diagnostics in one sentence", async () => {
    const reading = readProviderSchema({ executable: build, name: "fx", env: { FIXTURE_ERROR: "1" } });
    await expect(reading).rejects.toBeInstanceOf(CliError);
    await expect(reading).rejects.toThrow(
      "fx: the provider answered GetProviderSchema with errors: Cannot build the schema: fx_thing is broken.; fix the provider's schema and build again",
    );
  }, 30_000);

  it("explains an executable that is not there", async () => {
    await expect(readProviderSchema({ executable: join(dir, "missing") })).rejects.toThrow(
      /could not be started: spawn .*missing ENOENT/,
    );
  });
});
