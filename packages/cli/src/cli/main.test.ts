import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { CliError, defineCommand, ExitCode } from "./command.js";
import { type Cli, runCli } from "./main.js";

const greet = defineCommand({
  name: "greet",
  summary: "say hello",
  description: "Says hello to <who>, loudly with --loud.",
  positionals: [{ name: "who", description: "whom to greet", required: true }],
  options: {
    loud: { type: "boolean", short: "l", description: "Shout." },
    suffix: { type: "string", valueName: "text", description: "Added at the end." },
    tag: { type: "string", multiple: true, description: "A tag." },
  },
  examples: [{ command: "demo greet world --loud", explanation: "Shouts at the world." }],
  async run({ options, positionals, progress }) {
    progress.step("greeting");
    progress.detail("a detail");
    const text = `hello ${positionals[0]}${options.suffix ?? ""}`;
    const shown = options.loud === true ? text.toUpperCase() : text;
    return { text: shown, data: { greeting: shown, tags: options.tag ?? [] } };
  },
});

const fail = defineCommand({
  name: "fail",
  summary: "fails in the ways commands fail",
  description: "For tests.",
  options: { how: { type: "string", description: "cli, check, bug or abort" } },
  examples: [{ command: "demo fail --how cli", explanation: "A user error." }],
  async run({ options, signal }) {
    if (options.how === "check") throw new CliError("2 files differ", { exitCode: ExitCode.checkFailed });
    if (options.how === "bug") throw new TypeError("x is undefined");
    if (options.how === "abort") {
      await new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("stopped"))));
    }
    throw new CliError("the signing key is missing: set TSVIDER_SIGNING_KEY or pass --unsigned");
  },
});

const cli: Cli = { name: "demo", version: "1.2.3", summary: "a demo", commands: [greet, fail] };

async function run(argv: string[], signal?: AbortSignal) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (c: Buffer) => (out += c.toString()));
  stderr.on("data", (c: Buffer) => (err += c.toString()));
  const exitCode = await runCli(cli, argv, {
    cwd: "/",
    env: {},
    stdout,
    stderr,
    ...(signal === undefined ? {} : { signal }),
  });
  return { exitCode, out, err };
}

describe("the CLI runner", () => {
  it("runs a command with its typed options and prints its text", async () => {
    expect(await run(["greet", "world", "-l", "--suffix", "!"])).toEqual({
      exitCode: 0,
      out: "HELLO WORLD!\n",
      err: "› greeting\n",
    });
    expect((await run(["greet", "world", "--verbose"])).err).toBe("› greeting\n  a detail\n");
  });

  it("prints the result's data as JSON with --json, and progress as JSON lines", async () => {
    const res = await run(["greet", "you", "--json", "--tag", "a", "--tag", "b"]);
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(res.out)).toEqual({ greeting: "hello you", tags: ["a", "b"] });
    expect(res.err).toBe('{"step":"greeting"}\n');
  });

  it("answers usage errors with exit code 2 and a sentence naming the fix", async () => {
    expect(await run(["greet"])).toMatchObject({
      exitCode: 2,
      err: "demo greet: demo greet needs <who>: whom to greet\n",
    });
    const unknown = await run(["greet", "x", "--lould"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.err).toMatch(/^demo greet: Unknown option '--lould'.*; run `demo greet --help`\n$/);
    expect((await run(["greet", "a", "b"])).err).toBe(
      'demo greet: demo greet takes at most 1 argument(s), not "b"\n',
    );
    expect(await run(["gret"])).toMatchObject({
      exitCode: 2,
      err: 'demo: there is no command "gret" (did you mean "greet"?); run `demo --help` for the list\n',
    });
    expect((await run([])).exitCode).toBe(2);
  });

  it("maps CliError to its exit code, and anything else to 1 as a bug", async () => {
    expect(await run(["fail"])).toEqual({
      exitCode: 1,
      out: "",
      err: "demo fail: the signing key is missing: set TSVIDER_SIGNING_KEY or pass --unsigned\n",
    });
    const check = await run(["fail", "--how", "check", "--json"]);
    expect(check.exitCode).toBe(3);
    expect(JSON.parse(check.out)).toEqual({ error: { message: "2 files differ", exitCode: 3 } });
    const bug = await run(["fail", "--how", "bug"]);
    expect(bug.exitCode).toBe(1);
    expect(bug.err).toContain("demo fail: unexpected failure: x is undefined\nThis is a bug in demo");
  });

  it("answers 130 when the command was interrupted", async () => {
    const interrupt = new AbortController();
    const pending = run(["fail", "--how", "abort"], interrupt.signal);
    setTimeout(() => interrupt.abort(), 10);
    const res = await pending;
    expect(res.exitCode).toBe(130);
    expect(res.err).toBe("demo fail: interrupted; nothing half-written was kept\n");
  });

  it("shows help with usage, options and examples for every command", async () => {
    const help = await run(["greet", "--help"]);
    expect(help.exitCode).toBe(0);
    expect(help.out).toContain("Usage: demo greet [options] <who>");
    expect(help.out).toContain("-l, --loud");
    expect(help.out).toContain("--suffix <text>");
    expect(help.out).toContain("--tag <tag>");
    expect(help.out).toContain("(may be repeated)");
    expect(help.out).toContain("--json");
    expect(help.out).toContain("Examples:\n  $ demo greet world --loud\n      Shouts at the world.");
    expect((await run(["help", "fail"])).out).toContain("Usage: demo fail [options]");
    const overview = await run(["--help"]);
    expect(overview.out).toContain("  greet  say hello\n  fail   fails in the ways commands fail");
    expect((await run(["--version"])).out).toBe("1.2.3\n");
  });
});

describe("commands listed lazily", () => {
  function lazyCli(load: () => Promise<typeof greet>) {
    const loads: string[] = [];
    const lazy: Cli = {
      ...cli,
      commands: [
        {
          name: "greet",
          summary: "say hello",
          load: () => {
            loads.push("greet");
            return load();
          },
        },
        fail,
      ],
    };
    const runLazy = async (argv: string[]) => {
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      let out = "";
      let err = "";
      stdout.on("data", (c: Buffer) => (out += c.toString()));
      stderr.on("data", (c: Buffer) => (err += c.toString()));
      const exitCode = await runCli(lazy, argv, { cwd: "/", env: {}, stdout, stderr });
      return { exitCode, out, err };
    };
    return { loads, runLazy };
  }

  it("lists, versions and refuses unknown commands without loading any", async () => {
    const { loads, runLazy } = lazyCli(async () => greet);
    expect((await runLazy(["--help"])).out).toContain("  greet  say hello\n");
    expect((await runLazy(["--version"])).out).toBe("1.2.3\n");
    expect((await runLazy(["gree"])).exitCode).toBe(ExitCode.usage);
    expect((await runLazy(["help", "nosuch"])).exitCode).toBe(ExitCode.usage);
    expect((await runLazy(["fail", "--how", "check"])).exitCode).toBe(ExitCode.checkFailed);
    expect(loads).toEqual([]);
  });

  it("loads the command to run it and to show its help, as if it had been loaded all along", async () => {
    const { loads, runLazy } = lazyCli(async () => greet);
    expect(await runLazy(["greet", "world", "--loud"])).toEqual({
      exitCode: 0,
      out: "HELLO WORLD\n",
      err: "› greeting\n",
    });
    const help = await run(["greet", "--help"]);
    expect(await runLazy(["greet", "--help"])).toEqual(help);
    expect(await runLazy(["help", "greet"])).toEqual(await run(["help", "greet"]));
    expect(await runLazy(["greet", "--nope"])).toEqual(await run(["greet", "--nope"]));
    expect(loads).toEqual(["greet", "greet", "greet", "greet"]);
  });

  it("says which command could not be loaded, and what to do, when its module is missing", async () => {
    const { runLazy } = lazyCli(() => import(`./no-such-module-${Date.now()}.js`));
    const res = await runLazy(["greet", "world"]);
    expect(res.exitCode).toBe(ExitCode.failed);
    expect(res.out).toBe("");
    expect(res.err).toMatch(/^demo greet: could not load this command: .*no-such-module.*\n/);
    expect(res.err).toContain("reinstall it");
  });
});
