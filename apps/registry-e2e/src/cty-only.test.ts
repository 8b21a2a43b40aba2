// A project that depends on @tsvider/cty alone, installed from the registry with npm: ESM with
// subpaths against go-cty's own bytes, require() on the oldest supported Node and on this
// machine's, the declarations under both module resolutions TypeScript users pick, and no
// other @tsvider package dragged in.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NODE_FLOOR, preparedFloorNode } from "../scripts/prepare.mjs";
import {
  fixtureFiles,
  newProject,
  npm,
  publishedVersions,
  registryUrl,
  removeProjects,
  run,
} from "./support.js";

const fixture = fileURLToPath(new URL("../fixtures/cty-only/", import.meta.url));
const repoVectors = fileURLToPath(
  new URL("../../../packages/cty/testdata/go-cty-vectors.json", import.meta.url),
);

interface Vector {
  name: string;
  type: string;
  msgpack: string;
  json?: string;
}

let project: string;
let floorNode: string;
beforeAll(async () => {
  floorNode = preparedFloorNode();
  project = await newProject("cty-only", fixtureFiles(fixture));
});
afterAll(removeProjects);

describe("a project on @tsvider/cty alone", () => {
  it(`installs from the registry with npm running on Node ${NODE_FLOOR}, whose engines it admits`, async () => {
    // engine-strict: npm refuses a package whose engines.node leaves out the Node running it.
    await npm(project, ["install", "--engine-strict"], { node: floorNode });
    const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8"));
    const installed = lock.packages["node_modules/@tsvider/cty"];
    // The newest release in the published line: the one the global setup published, or the
    // patch release version-skew.test.ts adds to the same registry when it runs first.
    const [major, minor] = (publishedVersions()["@tsvider/cty"] ?? "").split(".");
    expect(installed.version).toMatch(new RegExp(`^${major}\\.${minor}\\.\\d+$`));
    expect(installed.resolved.startsWith(registryUrl())).toBe(true);
  });

  it("has no other @tsvider package installed (npm ls)", async () => {
    const { stdout } = await npm(project, ["ls", "--all", "--json"]);
    interface Tree {
      dependencies?: Record<string, Tree>;
    }
    const names = new Set<string>();
    const collect = (tree: Tree) => {
      for (const [name, dep] of Object.entries(tree.dependencies ?? {})) {
        names.add(name);
        collect(dep);
      }
    };
    collect(JSON.parse(stdout) as Tree);
    expect([...names].filter((name) => name.startsWith("@tsvider/") || name === "tsvider")).toEqual([
      "@tsvider/cty",
    ]);
    expect(readdirSync(join(project, "node_modules", "@tsvider"))).toEqual(["cty"]);
  });

  it("imports the main entry and the msgpack, json and convert subpaths as ESM, writing go-cty's bytes", async () => {
    // The project's vectors are go-cty's output, as the repository's testdata holds it.
    const vectors: Vector[] = JSON.parse(readFileSync(join(fixture, "go-cty-vectors.json"), "utf8"));
    const fromGo: Vector[] = JSON.parse(readFileSync(repoVectors, "utf8")).values;
    for (const vector of vectors) expect(fromGo.find((v) => v.name === vector.name)).toEqual(vector);

    const { stdout } = await run(process.execPath, ["esm.js"], { cwd: project });
    const report = JSON.parse(stdout);
    expect(report.results).toHaveLength(vectors.length);
    for (const [i, vector] of vectors.entries()) {
      const result = report.results[i];
      expect(result.name).toBe(vector.name);
      // Decoded from go-cty's msgpack and encoded again: the same bytes.
      expect(result.msgpack, vector.name).toBe(vector.msgpack);
      if (vector.json !== undefined) {
        // Decoded from go-cty's JSON: the same bytes and the same value; and written back as go-cty's JSON.
        expect(result.fromJsonMsgpack, vector.name).toBe(vector.msgpack);
        expect(result.equal, vector.name).toBe(true);
        expect(result.json, vector.name).toBe(vector.json);
      }
    }
    expect(report.classes).toEqual({ decimal: true, unknown: true, dynamic: true, refined: true });
    expect(report.converted).toEqual(["1", "b"]);
  });

  const required = {
    exports: expect.any(Number),
    // go-cty's bytes for the object {cores: 4, name: "web", on: true}.
    msgpack: "83a5636f72657304a46e616d65a3776562a26f6ec3",
    roundTrip: true,
    decimal: true,
  };

  it(`require()s the package and a subpath on Node ${NODE_FLOOR}, the oldest supported`, async () => {
    const { stdout, stderr } = await run(floorNode, ["require.cjs"], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ node: `v${NODE_FLOOR}`, ...required });
    // No warning either: require() of ESM is not experimental for a user there.
    expect(stderr).toBe("");
  });

  it("require()s the package and a subpath on this machine's Node", async () => {
    const { stdout } = await run(process.execPath, ["require.cjs"], { cwd: project });
    const report = JSON.parse(stdout);
    expect(report).toEqual({ node: process.version, ...required });
    expect(report.exports).toBeGreaterThan(50);
  });

  // Our declarations and @types/node are checked in full (no skipLibCheck); the fixture's
  // tsconfigs skip only TypeScript's own lib.*.d.ts (skipDefaultLibCheck), which say nothing
  // about ours and were a third of each run's CPU.
  it("type-checks with tsc under module nodenext (an ESM file and a CommonJS one)", async () => {
    await npm(project, ["run", "typecheck:nodenext"]);
  });

  it("type-checks with tsc under module esnext and moduleResolution bundler", async () => {
    await npm(project, ["run", "typecheck:bundler"]);
  });
});
