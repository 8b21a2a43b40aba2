// Plugin protocol 5 through the real tofu. TSVIDER_PROTOCOLS=5 makes serve() offer only
// protocol 5, as a provider built for hosts that speak only 5 would. The reference provider
// run in test mode has a nested attribute (the test-only tsvider_nested_resource_test's
// summary), which protocol 5 cannot describe, so over 5 tofu must show our refusal; the lifecycle runs over 5 with the reference
// provider's components that protocol 5 can describe, served by a provider bundled here from
// protocol5.test-support.ts (the same framework and components the shipped bundle holds).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CommandFailedError, Workdir } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "./provider.js";
import { installTestProvider, setUpTofu, type TofuSetup } from "./tofu.test-support.js";

// A provider per command: protocol 5 is the subject, and it is what tofu and the provider
// negotiate as tofu starts it (a reattached process names its own protocol instead); the
// lifecycle reads tofu's trace of that start and the provider's log lines filed in it, which
// a reattached process does not send. The refusal is a single plan, which attaching does not
// make cheaper.

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-protocol5-");
});
afterAll(() => tofu.cleanup());

const header = `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${VERSION}" }
  }
}
`;

async function project(name: string, body: string, cliConfigFile: string, extraEnv: NodeJS.ProcessEnv) {
  const dir = join(tofu.root, name);
  await mkdir(dir);
  await writeFile(join(dir, "main.tf"), header + body);
  return new Workdir({ dir, binary: tofu.binary, cliConfigFile, extraEnv });
}

/** tofu's own trace lines: the negotiated version and the client it used for each call. */
function negotiated(log: string): { versions: string[]; grpcCalls: string[] } {
  return {
    versions: [...log.matchAll(/provider: using plugin: version=(\d+)/g)].map((m) => m[1]!),
    grpcCalls: [...log.matchAll(/\[TRACE\] (GRPCProvider(?:\.v6)?): (\w+)/g)].map((m) => `${m[1]}: ${m[2]}`),
  };
}

describe("the reference provider in test mode over protocol 5 only", () => {
  it("is refused with a diagnostic naming the nested attribute, which tofu shows", async () => {
    const work = await project(
      "refused",
      'resource "tsvider_file_content" "f" {\n  filename = "out.txt"\n  content  = "x"\n}\n',
      tofu.cliConfigFile,
      {
        TSVIDER_PROTOCOLS: "5",
        TSVIDER_TESTMODE: "true",
      },
    );
    await work.run(["init", "-no-color"]);
    const failure = await work.run(["plan", "-no-color"]).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(CommandFailedError);
    const stderr = (failure as CommandFailedError).result.stderr.replace(/\s+/g, " ");
    expect(stderr).toContain("This provider cannot be served over plugin protocol 5");
    expect(stderr).toContain(
      `The resource tsvider_nested_resource_test's attribute "summary" is a nested attribute`,
    );
    expect(stderr).toContain("Use protocol 6 (OpenTofu ≥ 1.0 / Terraform ≥ 1.0 speak it)");
  });
});

describe("a provider of the reference components protocol 5 can describe", () => {
  let cliConfigFile: string;
  beforeAll(async () => {
    cliConfigFile = await installTestProvider(tofu.root, "protocol5", {
      entry: fileURLToPath(new URL("./protocol5.test-support.ts", import.meta.url)),
      version: VERSION,
    });
  });

  it("runs init, apply, a no-op plan and destroy over protocol 5, as tofu's trace log shows", async () => {
    const logFile = join(tofu.root, "protocol5.log");
    const work = await project(
      "lifecycle",
      `resource "tsvider_file_content" "f" {
  filename = "\${path.module}/out.txt"
  content  = "hello over protocol 5"
}
data "tsvider_file" "read" {
  filename = tsvider_file_content.f.filename
}
output "size" {
  value = data.tsvider_file.read.size
}
`,
      cliConfigFile,
      { TSVIDER_PROTOCOLS: "5", TF_LOG: "trace", TF_LOG_PATH: logFile },
    );
    await work.run(["init", "-no-color"]);
    const applied = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(applied.stdout).toContain("1 added");
    expect(applied.stdout).toMatch(/size = 21/);
    expect(await readFile(join(work.dir, "out.txt"), "utf8")).toBe("hello over protocol 5");

    const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(plan.code, plan.stdout).toBe(0);

    // Drift: changed outside, planned back (exit code 2), applied.
    await writeFile(join(work.dir, "out.txt"), "changed");
    const drifted = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(drifted.code).toBe(2);

    const destroyed = await work.run(["destroy", "-auto-approve", "-no-color"]);
    expect(destroyed.stdout).toContain("1 destroyed");

    const log = await readFile(logFile, "utf8");
    const { versions, grpcCalls } = negotiated(log);
    expect(versions.length).toBeGreaterThan(0);
    expect(new Set(versions)).toEqual(new Set(["5"]));
    // tofu's protocol 5 client (plugin/grpc_provider.go) logs "GRPCProvider: <RPC>"; its
    // protocol 6 client logs "GRPCProvider.v6: <RPC>".
    expect(grpcCalls.filter((c) => c.startsWith("GRPCProvider.v6"))).toEqual([]);
    for (const rpc of [
      "GetProviderSchema",
      "ValidateProviderConfig",
      "ValidateResourceConfig",
      "ValidateDataResourceConfig",
      "ConfigureProvider",
      "PlanResourceChange",
      "ApplyResourceChange",
      "ReadResource",
      "ReadDataSource",
    ]) {
      expect(grpcCalls, rpc).toContain(`GRPCProvider: ${rpc}`);
    }
    // The provider's own log lines name protocol 5's RPCs.
    const served = new Set(
      [...log.matchAll(/provider\.terraform-provider-tsvider[^:]*: received request: .*?rpc=(\w+)/g)].map(
        (m) => m[1],
      ),
    );
    for (const rpc of [
      "GetSchema",
      "PrepareProviderConfig",
      "Configure",
      "ValidateResourceTypeConfig",
      "ValidateDataSourceConfig",
    ]) {
      expect(served, rpc).toContain(rpc);
    }
  });
});
