// tsvider conformance runner.
//   examples  run every example of the reference provider through the real tofu
//   demo      apply one example with tofu's own output, show what it did, then destroy it
//   install   put the reference provider into a filesystem mirror for your own tofu runs
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  BinaryNotFoundError,
  installProviderMirror,
  mirrorCliConfig,
  resolveTofu,
} from "@tsvider/conformance";
import { copyExample, type Environment, findExamples, prepareEnvironment, runExample } from "./examples.js";
import { referenceProvider } from "./reference-provider.js";

const DEMO_EXAMPLE = "resources/tsvider_file_content";

async function setUp(): Promise<{ env: Environment; cleanup: () => Promise<void> }> {
  const binary = resolveTofu();
  const workRoot = await mkdtemp(join(tmpdir(), "tsvider-conformance-"));
  const env = await prepareEnvironment({
    binary,
    workRoot,
    namespace: referenceProvider.namespace,
    type: referenceProvider.type,
    version: referenceProvider.version,
    executable: referenceProvider.executable,
  });
  return { env, cleanup: () => rm(workRoot, { recursive: true, force: true }) };
}

async function examples(): Promise<number> {
  const { env, cleanup } = await setUp();
  const names = await findExamples(referenceProvider.examplesDir);
  console.log(
    `tofu: ${env.binary}\nprovider: ${referenceProvider.version} (${env.mirror.h1})\nexamples: ${names.length}\n`,
  );
  let passed = 0;
  let failed = 0;
  for (const name of names) {
    const result = await runExample(referenceProvider.examplesDir, name, env, referenceProvider.version);
    if (result.passed) {
      passed++;
      console.log(`PASS ${name}  (${result.steps.join(" → ")})`);
    } else {
      failed++;
      console.log(`FAIL ${name}  at ${result.failure!.step}\n${indent(result.failure!.message)}`);
    }
  }
  if (failed === 0) await cleanup();
  else console.log(`\nworking directories kept for inspection under ${env.workRoot}`);
  if (names.length === 0) {
    console.log(`no examples found under ${referenceProvider.examplesDir}`);
    failed++;
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

async function demo(): Promise<number> {
  const { env, cleanup } = await setUp();
  const work = await copyExample(referenceProvider.examplesDir, DEMO_EXAMPLE, env);
  console.log(`Running examples/${DEMO_EXAMPLE} with ${env.binary} in ${work.dir}\n`);
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
async function install(): Promise<number> {
  const dir = resolve(process.argv[3] ?? join(referenceProvider.dir, "..", "..", ".tsvider"));
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

const commands: Record<string, () => Promise<number>> = { examples, demo, install };
const command = commands[process.argv[2] ?? ""];
if (!command) {
  console.error(`usage: conformance-runner <${Object.keys(commands).join("|")}>`);
  process.exit(2);
}
try {
  process.exitCode = await command();
} catch (err) {
  if (err instanceof BinaryNotFoundError) {
    console.error(err.message);
  } else {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  }
  if (command === examples) console.log("\n0 passed, 1 failed");
  process.exitCode = 1;
}
