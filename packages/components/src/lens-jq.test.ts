// jq through lens_jq and tsvider_lens_jq: jq's own semantics and messages, results as values and
// as exact JSON, and bad programs or input reported at the attribute or argument at fault.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { list, number, object, string, tuple } from "@tsvider/cty";
import { Dynamic, defineProvider, Unknown } from "@tsvider/framework";
import { callProviderFunction, testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { defaultJqLimits, jqRunner } from "./internal/jq-worker.js";
import { checkJqProgram, createLensJqFunction, lensJqDataSource, lensJqFunction, runJq } from "./lens-jq.js";
import { lensProviderSchema, lensSettings } from "./provider-config.js";

const user = new Dynamic(object({ name: string, tags: list(string) }), { name: "Alice", tags: ["a", "b"] });

describe("lens_jq", () => {
  it("runs a jq program on a value", async () => {
    expect(await callProviderFunction(lensJqFunction, [user, ".name"])).toEqual(new Dynamic(string, "Alice"));
    expect(await callProviderFunction(lensJqFunction, [user, ".tags | length"])).toEqual(
      new Dynamic(number, 2),
    );
    expect(await callProviderFunction(lensJqFunction, [user, "{n: .name}"])).toEqual(
      new Dynamic(object({ n: string }), { n: "Alice" }),
    );
  });

  it("gives null for no output and a tuple for several", async () => {
    expect(await callProviderFunction(lensJqFunction, [user, "empty"])).toBeNull();
    expect(await callProviderFunction(lensJqFunction, [user, ".tags[]"])).toEqual(
      new Dynamic(tuple([string, string]), ["a", "b"]),
    );
    expect(await callProviderFunction(lensJqFunction, [null, ".x"])).toBeNull();
  });

  it("keeps the digits of numbers it passes through", async () => {
    const big = new Dynamic(object({ n: number }), { n: 10n ** 25n + 1n });
    expect(await callProviderFunction(lensJqFunction, [big, ".n"])).toEqual(
      new Dynamic(number, 10n ** 25n + 1n),
    );
  });

  it("blames the query for a program that does not compile, with jq's message", async () => {
    await expect(callProviderFunction(lensJqFunction, [user, ".a | ["])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringMatching(/does not compile: syntax error.*line 1/s),
    });
    await expect(callProviderFunction(lensJqFunction, [user, "no_such_function"])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringContaining("no_such_function/0 is not defined"),
    });
  });

  it("blames the query for a program that fails while it runs", async () => {
    await expect(
      callProviderFunction(lensJqFunction, [user, '.name | error("stop here")']),
    ).rejects.toMatchObject({
      argument: 1,
      message: "the jq program failed: stop here",
    });
    await expect(callProviderFunction(lensJqFunction, [user, "   "])).rejects.toMatchObject({ argument: 1 });
  });

  it("is unknown while its input is", async () => {
    expect(await callProviderFunction(lensJqFunction, [Unknown, "."])).toBe(Unknown);
  });
});

describe("checkJqProgram", () => {
  it("compiles without running, with the practitioner's line numbers", async () => {
    expect(await checkJqProgram("range(1e12) | .")).toBeUndefined();
    expect(await checkJqProgram(".a # a comment")).toBeUndefined();
    expect(await checkJqProgram(".a |\n .b | [")).toMatch(/line 2/);
    expect(await checkJqProgram(".a | no_such_function")).toContain("no_such_function/0 is not defined");
    expect(await checkJqProgram("$undefined_variable")).toContain("$undefined_variable is not defined");
  });
});

describe("tsvider_lens_jq", () => {
  const kit = () =>
    testProvider(defineProvider({ name: "tsvider", version: "0.0.0", dataSources: [lensJqDataSource()] }));

  it("reads JSON text and gives the result as a value and as JSON", async () => {
    const read = await kit().readDataSource("tsvider_lens_jq", {
      json_input: '{"user":{"name":"John","id":12345678901234567890}}',
      query: ".user",
    });
    expect(read.diagnostics).toEqual([]);
    expect(read.state?.result_json).toBe('{"name":"John","id":12345678901234567890}');
    expect(read.state?.result).toEqual(
      new Dynamic(object({ id: number, name: string }), { name: "John", id: 12345678901234567890n }),
    );
  });

  it("reads a Terraform value given as input", async () => {
    const read = await kit().readDataSource("tsvider_lens_jq", {
      input: user,
      query: "[.tags[] | ascii_upcase]",
    });
    expect(read.diagnostics).toEqual([]);
    expect(read.state?.result_json).toBe('["A","B"]');
  });

  it("refuses a query that does not compile, at query, when validating", async () => {
    const v = await kit().validate("tsvider_lens_jq", { json_input: "{}", query: ".a | [" });
    expect(v.diagnostics).toMatchObject([
      {
        severity: "error",
        summary: "query is not a valid jq program",
        detail: expect.stringContaining("syntax error"),
        path: [{ attribute: "query" }],
      },
    ]);
  });

  it("refuses JSON that does not parse, at json_input", async () => {
    const v = await kit().validate("tsvider_lens_jq", { json_input: "{nope", query: "." });
    expect(v.diagnostics).toMatchObject([
      { summary: "json_input is not valid JSON", path: [{ attribute: "json_input" }] },
    ]);
  });

  it("wants exactly one input", async () => {
    const both = await kit().validate("tsvider_lens_jq", { json_input: "{}", input: user, query: "." });
    expect(both.diagnostics).toMatchObject([{ summary: "json_input and input are both set" }]);
    const none = await kit().validate("tsvider_lens_jq", { query: "." });
    expect(none.diagnostics).toMatchObject([
      { summary: "no input is set", path: [{ attribute: "json_input" }] },
    ]);
  });

  it("reports a failing program at query when read", async () => {
    const read = await kit().readDataSource("tsvider_lens_jq", { json_input: '"text"', query: ".[0]" });
    expect(read.diagnostics).toMatchObject([
      {
        summary: "the jq program failed",
        detail: expect.stringContaining("Cannot index string"),
        path: [{ attribute: "query" }],
      },
    ]);
  });
});

describe("tsvider_lens_jq and the provider's lens_enabled", () => {
  const lensKit = () =>
    testProvider(
      defineProvider({
        name: "tsvider",
        version: "0.0.0",
        schema: lensProviderSchema,
        configure: ({ config }) => lensSettings(config),
        dataSources: [lensJqDataSource()],
      }),
    );
  const config = { json_input: '{"a": 1}', query: ".a" };

  it("refuses to read when lens_enabled is false, naming the setting and what to do", async () => {
    const k = lensKit();
    expect((await k.configure({ lens_enabled: false })).diagnostics).toEqual([]);
    const read = await k.readDataSource("tsvider_lens_jq", config);
    expect(read.diagnostics).toMatchObject([
      {
        severity: "error",
        summary: "tsvider_lens_jq is turned off by the provider's lens_enabled = false",
        detail: expect.stringContaining("Set lens_enabled = true in the provider block, or leave it out"),
      },
    ]);
  });

  it("reads when lens_enabled is true or left out, and in a provider without lens settings", async () => {
    for (const block of [{ lens_enabled: true }, {}]) {
      const k = lensKit();
      await k.configure(block);
      const read = await k.readDataSource("tsvider_lens_jq", config);
      expect(read.diagnostics).toEqual([]);
      expect(read.state).toMatchObject({ result_json: "1" });
    }
    const bare = testProvider(
      defineProvider({ name: "tsvider", version: "0.0.0", dataSources: [lensJqDataSource()] }),
    );
    expect((await bare.readDataSource("tsvider_lens_jq", config)).state).toMatchObject({ result_json: "1" });
  });

  it("takes the settings from where the provider keeps them", async () => {
    const k = testProvider(
      defineProvider({
        name: "tsvider",
        version: "0.0.0",
        schema: lensProviderSchema,
        configure: ({ config }) => ({ lens: lensSettings(config) }),
        dataSources: [
          lensJqDataSource({ settings: (data) => (data as { lens: ReturnType<typeof lensSettings> }).lens }),
        ],
      }),
    );
    await k.configure({ lens_enabled: false });
    expect((await k.readDataSource("tsvider_lens_jq", config)).diagnostics).toMatchObject([
      { summary: expect.stringContaining("lens_enabled = false") },
    ]);
  });
});

describe("jq's limits", () => {
  it("stops a program that never ends at its time limit, naming the limit and the option, and keeps the thread free meanwhile", async () => {
    // The next program runs under the same limit (the same runner): ample for `.name` however
    // busy the machine, which a few hundred milliseconds were not in CI.
    const fn = createLensJqFunction({ timeLimitMs: 3000 });
    const runner = jqRunner({ ...defaultJqLimits, timeLimitMs: 3000 });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    try {
      await expect(callProviderFunction(fn, [new Dynamic(number, 1), "def f: f; f"])).rejects.toMatchObject({
        argument: 1,
        message: expect.stringMatching(/stopped at its time limit of 3 s.*def f: f; f.*timeLimitMs/s),
      });
    } finally {
      clearInterval(ticker);
    }
    // The provider's thread ran timers while jq looped: jq ran elsewhere.
    expect(ticks).toBeGreaterThan(0);
    // The looping worker was ended; the next program gets a fresh one and answers.
    const started = runner.workersStarted;
    expect(await callProviderFunction(fn, [user, ".name"])).toEqual(new Dynamic(string, "Alice"));
    expect(runner.workersStarted).toBe(started + 1);
  });

  // The memory tests give time enough that only memory can stop the program: on a busy machine
  // filling 256 MiB may take longer than the default time limit.
  const ampleTime = 600_000;

  it("stops a program that fills memory at its memory limit, and the next program runs in a fresh worker", async () => {
    const fn = createLensJqFunction({ memoryLimitMiB: 64, timeLimitMs: ampleTime });
    const runner = jqRunner({ timeLimitMs: ampleTime, memoryLimitMiB: 64 });
    await expect(callProviderFunction(fn, [null, "[range(1e9) | tostring] | length"])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringMatching(/stopped at its memory limit of 64 MiB.*memoryLimitMiB/s),
    });
    const started = runner.workersStarted;
    expect(await callProviderFunction(fn, [null, "[range(1000)] | length"])).toEqual(
      new Dynamic(number, 1000),
    );
    expect(runner.workersStarted).toBe(started + 1);
  });

  it("stops a program at the default memory limit, where jq-wasm's own ceiling lies", async () => {
    const limits = { timeLimitMs: ampleTime };
    await expect(runJq("null", "[range(1e9) | tostring] | length", limits)).rejects.toMatchObject({
      name: "JqStoppedError",
      why: "memory",
      message: "the jq program was stopped at its memory limit of 256 MiB",
    });
    await expect(runJq("null", "def f: 1 + f; f", limits)).rejects.toMatchObject({ why: "memory" });
  });

  it("runs one program after another in the same worker while nothing goes wrong", async () => {
    const runner = jqRunner(defaultJqLimits);
    await runJq("1", ".");
    const started = runner.workersStarted;
    for (let i = 0; i < 20; i++) expect(await runJq(String(i), ". + 1")).toEqual([String(i + 1)]);
    expect(runner.workersStarted).toBe(started);
  });

  it("stops a program when its signal fires", async () => {
    const controller = new AbortController();
    const run = runJq("null", "def f: f; f", { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(run).rejects.toMatchObject({ name: "JqStoppedError", why: "cancelled" });
  });

  it("reports a limit at query from the data source", async () => {
    const read = await testProvider(
      defineProvider({
        name: "tsvider",
        version: "0.0.0",
        dataSources: [lensJqDataSource({ timeLimitMs: 200 })],
      }),
    ).readDataSource("tsvider_lens_jq", { json_input: "1", query: "def f: f; f" });
    expect(read.diagnostics).toMatchObject([
      {
        severity: "error",
        summary: "the jq program was stopped at its time limit of 200 ms",
        detail: expect.stringContaining("timeLimitMs option of lensJqDataSource"),
        path: [{ attribute: "query" }],
      },
    ]);
  });

  it("leaves the process free to exit, from the built package with jq inline", async () => {
    // The package's build, as a provider imports it: its worker must never keep it running.
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { runJq } from "@tsvider/components/lens-jq";
         process.stdout.write(JSON.stringify(await runJq("[1,2]", "add")));
         await runJq("null", "def f: f; f", { timeLimitMs: 100 }).catch((e) => process.stdout.write(" " + e.why));`,
      ],
      { cwd: fileURLToPath(new URL("..", import.meta.url)), stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    const [code] = (await once(child, "exit")) as [number];
    expect({ code, out }).toEqual({ code: 0, out: '["3"] time' });
  });

  it("refuses limits that cannot work", () => {
    expect(() => createLensJqFunction({ timeLimitMs: 0 })).toThrow(/timeLimitMs must be a number from 1 to/);
    expect(() => lensJqDataSource({ memoryLimitMiB: 1 })).toThrow(
      /memoryLimitMiB must be a number from 32 to 256/,
    );
    expect(() => lensJqDataSource({ memoryLimitMiB: 512 })).toThrow(/from 32 to 256; got 512/);
  });
});
