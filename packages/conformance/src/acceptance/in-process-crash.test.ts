// An in-process provider that throws outside any handler: the host would wait forever for its
// answer, so the harness stops the command and reports a crash. Run in a child process, since
// the error is one nothing catches (the test runner would count it against the whole run).
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, it } from "vitest";

const conformance = pathToFileURL(fileURLToPath(new URL("../../dist/index.js", import.meta.url))).href;
const framework = pathToFileURL(createRequire(import.meta.url).resolve("@tsvider/framework")).href;

const script = `
import { acceptanceTest } from ${JSON.stringify(conformance)};
import { attr, defineProvider, defineResource } from ${JSON.stringify(framework)};
const boom = defineResource({
  typeName: "boom_thing",
  schema: { name: attr.string({ required: true, requiresReplace: true }) },
  async create() {
    setTimeout(() => { throw new Error("the boom provider fell over"); });
    return new Promise(() => {});
  },
  async read({ state }) { return state; },
  async delete() {},
});
const provider = defineProvider({ name: "boom", version: "0.0.1", resources: [boom] });
try {
  await acceptanceTest({ provider, address: "example/boom", steps: [{ config: 'resource "boom_thing" "b" {\\n  name = "x"\\n}\\n' }] });
  console.log("passed");
} catch (err) {
  console.log(JSON.stringify({ name: err.name, message: err.message }));
}
`;

it("reports an in-process provider's stray error as a crash instead of hanging", async () => {
  const dir = await mkdtemp(join(tmpdir(), "tsvider-acc-crash-"));
  try {
    await writeFile(join(dir, "run.mjs"), script);
    const child = spawn(process.execPath, [join(dir, "run.mjs")], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    const code = await new Promise((done) => child.on("close", done));
    expect(code, stdout).toBe(0);
    const reported = JSON.parse(stdout.trim().split("\n").at(-1)!) as { name: string; message: string };
    expect(reported.name).toBe("ProviderCrashedError");
    expect(reported.message).toMatch(
      /^step 1 of 1 \(config\) failed on \S+: the provider crashed: an error nothing caught/,
    );
    expect(reported.message).toContain("the boom provider fell over");
    expect(reported.message).toContain("(no final destroy: the provider crashed)");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
