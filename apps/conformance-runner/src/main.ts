// tsvider conformance runner.
//   examples [filter...]  run the reference provider's examples (those whose names contain a
//             filter, when given) through the real tofu or terraform, as each example asks
//   demo      apply one example with tofu's own output, show what it did, then destroy it
//   install   put the reference provider into a filesystem mirror for your own tofu runs
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BinaryNotFoundError, installProviderMirror, mirrorCliConfig } from "@tsvider/conformance";
import {
  type BinaryName,
  copyExample,
  type Environment,
  type ExampleResult,
  filterExamples,
  findExamples,
  prepareEnvironment,
  runExample,
  summarize,
} from "./examples.js";
import { referenceProvider } from "./reference-provider.js";

const DEMO_EXAMPLE = "resources/tsvider_file_content/basic";

async function setUp(): Promise<{ env: Environment; cleanup: () => Promise<void> }> {
  const workRoot = await mkdtemp(join(tmpdir(), "tsvider-conformance-"));
  const env = await prepareEnvironment({
    workRoot,
    namespace: referenceProvider.namespace,
    type: referenceProvider.type,
    version: referenceProvider.version,
    executable: referenceProvider.executable,
  });
  return { env, cleanup: () => rm(workRoot, { recursive: true, force: true }) };
}

/** Runs the examples whose names contain any of the arguments (every example without one). */
async function examples(filters: readonly string[]): Promise<number> {
  const all = await findExamples(referenceProvider.examplesDir);
  const names = filterExamples(all, filters);
  if (names.length === 0) {
    console.log(
      all.length === 0
        ? `no examples found under ${referenceProvider.examplesDir}`
        : `no example matches ${filters.map((f) => JSON.stringify(f)).join(" or ")}; there are:\n${indent(all.join("\n"))}`,
    );
    console.log(`\n${summarize([])}`);
    return 1;
  }
  const { env, cleanup } = await setUp();
  console.log(
    `provider: ${referenceProvider.version} (${env.mirror.h1})\nexamples: ${names.length}${
      filters.length > 0 ? ` of ${all.length}` : ""
    }\n`,
  );
  const shown = new Set<BinaryName>();
  const results: ExampleResult[] = [];
  for (const name of names) {
    for (const result of await runExample(
      referenceProvider.examplesDir,
      name,
      env,
      referenceProvider.version,
    )) {
      if (!shown.has(result.binary)) {
        shown.add(result.binary);
        console.log(`${result.binary}: ${binaryPath(env, result.binary)}`);
      }
      results.push(result);
      const label = `${name} [${result.binary}]`;
      if (result.passed) console.log(`PASS ${label}  (${result.steps.join(" → ")})`);
      else console.log(`FAIL ${label}  at ${result.failure!.step}\n${indent(result.failure!.message)}`);
    }
  }
  const failed = results.filter((r) => !r.passed).length;
  if (failed === 0) await cleanup();
  else console.log(`\nworking directories kept for inspection under ${join(env.workRoot, "work")}`);
  console.log(`\n${summarize(results)}`);
  return failed === 0 ? 0 : 1;
}

function binaryPath(env: Environment, name: BinaryName): string {
  try {
    return env.binary(name);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

async function demo(): Promise<number> {
  const { env, cleanup } = await setUp();
  const work = await copyExample(referenceProvider.examplesDir, DEMO_EXAMPLE, env, "tofu");
  console.log(`Running examples/${DEMO_EXAMPLE} with ${work.binary} in ${work.dir}\n`);
  console.log("$ tofu init");
  await work.run(["init", "-no-color"]);
  const lock = await readFile(join(work.dir, ".terraform.lock.hcl"), "utf8");
  console.log(`  installed from a filesystem mirror; .terraform.lock.hcl records ${env.mirror.h1}\n`);
  console.log("$ tofu apply -auto-approve");
  await work.run(["apply", "-auto-approve", "-input=false"], { echo: true });
  const file = join(work.dir, "hello.txt");
  console.log(`\nWhat it did: wrote ${file}, which now holds:\n`);
  console.log(indent(await readFile(file, "utf8")));
  console.log("\n$ tofu plan -detailed-exitcode   (nothing left to change)");
  const replan = await work.run(["plan", "-detailed-exitcode", "-no-color", "-input=false"], {
    okCodes: [0, 2],
  });
  console.log(`  exit code ${replan.code}: ${replan.code === 0 ? "no changes" : "changes pending"}`);
  console.log("$ tofu destroy -auto-approve");
  await work.run(["destroy", "-auto-approve", "-no-color", "-input=false"]);
  console.log("  destroyed; the file is gone. Lock file used:\n");
  console.log(indent(lock));
  await cleanup();
  return replan.code === 0 ? 0 : 1;
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n");
}

/**
 * Installs the built reference provider into <dir>/mirror (default: .tsvider/ at the
 * repository root) and writes <dir>/tofurc, a CLI config that installs it from there, so
 * `tofu init` anywhere verifies it and writes a lock file.
 */
async function install(args: readonly string[]): Promise<number> {
  const dir = resolve(args[0] ?? join(referenceProvider.dir, "..", "..", ".tsvider"));
  const mirrorDir = join(dir, "mirror");
  await rm(mirrorDir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const mirror = await installProviderMirror({
    mirrorDir,
    namespace: referenceProvider.namespace,
    type: referenceProvider.type,
    version: referenceProvider.version,
    executable: referenceProvider.executable,
  });
  const cliConfig = join(dir, "tofurc");
  await writeFile(cliConfig, mirrorCliConfig(mirrorDir));
  console.log(
    `Installed terraform-provider-tsvider ${referenceProvider.version} (${mirror.platform}) into ${mirrorDir}`,
  );
  console.log(`  ${mirror.h1}\n  ${mirror.zh}\n`);
  console.log('Use it from any configuration that requires source = "tsvider/tsvider":');
  console.log(`  export TF_CLI_CONFIG_FILE=${cliConfig}\n  tofu init && tofu apply`);
  return 0;
}

const commands: Record<string, (args: readonly string[]) => Promise<number>> = { examples, demo, install };
const command = commands[process.argv[2] ?? ""];
// `pnpm run examples -- x` passes the "--" along.
const args = process.argv.slice(3).filter((a) => a !== "--");
if (!command) {
  console.error(`usage: conformance-runner <${Object.keys(commands).join("|")}>`);
  process.exit(2);
}
try {
  process.exitCode = await command(args);
} catch (err) {
  if (err instanceof BinaryNotFoundError) {
    console.error(err.message);
  } else {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  }
  if (command === examples)
    console.log("\nthe runner failed before it could run the examples: 0 passed, 1 failed");
  process.exitCode = 1;
}
