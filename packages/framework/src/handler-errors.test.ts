// What the practitioner reads when a handler throws something that is not a TsviderError,
// served over real gRPC (protocol 6) for a resource create, a data source read and a function
// call: a library's error in its own words ("Could not create …", the message as the detail),
// the same error translated once by the provider's mapError, a TypeError as a bug in the
// provider, a stop as a cancellation, a mapper that throws as a bug in the mapper, and the
// operation's secrets masked in all of them. The rules themselves are in values/handler.ts.
import * as cty from "@tsvider/cty";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineDataSource } from "./data-source.js";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { ResourceError } from "./errors.js";
import { defineProviderFunction } from "./function.js";
import { MASK } from "./internal/log-values.js";
import { dv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import { t } from "./schema/types.js";
import { type ErrorContext, isProgrammingError, thrownDiagnostic } from "./values/handler.js";

/** Shaped like the `pg` driver's DatabaseError: a message and a SQLSTATE code. */
class DatabaseError extends Error {
  override readonly name = "DatabaseError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** What a handler throws, by the name its configuration gives (`password` may be quoted). */
function fail(what: string, password: string | null = null): never {
  switch (what) {
    case "plain":
      throw new Error('connection to server at "db.internal" (10.0.0.5), port 5432 failed: timeout expired');
    case "duplicate":
      throw new DatabaseError('role "dup_role" already exists', "42710");
    case "auth":
      throw new DatabaseError(`password authentication failed for password "${password}"`, "28P01");
    case "deadlock":
      throw new DatabaseError("deadlock detected", "40P01");
    case "secret":
      throw new Error(`login with password "${password}" was refused`);
    case "bug":
      throw new TypeError("Cannot read properties of undefined (reading 'rows')");
    default:
      throw new Error(`the test names no failure "${what}"`);
  }
}

const seen: ErrorContext[] = [];
let started: () => void = () => {};

const role = defineResource({
  typeName: "pgmini_role",
  schema: {
    name: attr.string({ required: true, requiresReplace: true }),
    password: attr.string({ optional: true, sensitive: true, requiresReplace: true }),
  },
  async create({ plan, signal }) {
    if (plan.name === "slow") {
      started();
      // As a driver waiting on the network does: ends when the signal fires.
      await new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    }
    fail(plan.name, plan.password);
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});

const roleInfo = defineDataSource({
  typeName: "pgmini_role_info",
  schema: {
    name: attr.string({ required: true }),
    password: attr.string({ optional: true, sensitive: true }),
  },
  async read({ config, signal }) {
    if (config.name === "slow") {
      started();
      // Node's own APIs throw an AbortError (code ABORT_ERR) whose cause is the signal's reason.
      await new Promise((_, reject) =>
        signal.addEventListener("abort", () =>
          reject(
            new DOMException("This operation was aborted", { name: "AbortError", cause: signal.reason }),
          ),
        ),
      );
    }
    fail(config.name, config.password);
  },
});

const quoteIdent = defineProviderFunction({
  name: "quote_ident",
  params: [{ name: "what", type: t.string }],
  returns: t.string,
  run: (what) => fail(what),
});

const provider = defineProvider({
  name: "pgmini",
  version: "1.0.0",
  resources: [role],
  dataSources: [roleInfo],
  functions: [quoteIdent],
  mapError(err, ctx) {
    seen.push(ctx);
    // Everything with a string code, as a careless mapper would: a cancellation must not reach it.
    if (!(err instanceof Error) || typeof (err as { code?: unknown }).code !== "string") return undefined;
    const { code } = err as DatabaseError;
    if (code === "40P01") throw new Error("the mapper has no case for deadlocks");
    if (code === "42710") {
      return {
        summary: `${ctx.component} already exists in the database`,
        detail: `${err.message} (SQLSTATE ${code}). Import it, or choose another name.`,
      };
    }
    if (code === "28P01") {
      return new ResourceError("The database refused the provider's login", {
        detail: `${err.message}. Check the password.`,
        path: [{ attribute: "password" }],
      });
    }
    return undefined;
  },
});

interface Seen {
  summary: string;
  detail: string;
  path: (string | undefined)[] | undefined;
}
const errorsOf = (res: { diagnostics: pb.Diagnostic[] }): Seen[] =>
  res.diagnostics
    .filter((d) => d.severity === pb.Diagnostic_Severity.ERROR)
    .map((d) => ({
      summary: d.summary,
      detail: d.detail,
      path: d.attribute?.steps.map((s) => s.attributeName),
    }));

type Server = Awaited<ReturnType<typeof startTestServer>>;
const create = (server: Server, name: string, password: string | null = null) =>
  server
    .call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "pgmini_role",
      priorState: dv(null, role.valueType),
      plannedState: dv({ name, password }, role.valueType),
      config: dv({ name, password }, role.valueType),
    })
    .then(errorsOf);
const read = (server: Server, name: string, password: string | null = null) =>
  server
    .call<pb.ReadDataSource_Response>("readDataSource", {
      typeName: "pgmini_role_info",
      config: dv({ name, password }, roleInfo.valueType),
    })
    .then(errorsOf);
const call = (server: Server, what: string) =>
  server
    .call<pb.CallFunction_Response>("callFunction", {
      name: "quote_ident",
      arguments: [dv(what, cty.string)],
    })
    .then((res) => res.error?.text);

const bugHint =
  "This is a bug in the provider, not in your configuration; the provider's logs (TF_LOG_PROVIDER=ERROR) hold the stack trace.";

describe("a handler's exception", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer(provider);
  });
  afterAll(() => server.close());

  it("that nobody mapped reads in its own words, naming the operation, and is no bug", async () => {
    const message = 'connection to server at "db.internal" (10.0.0.5), port 5432 failed: timeout expired';
    expect(await create(server, "plain")).toEqual([
      { summary: "Could not create pgmini_role", detail: message, path: undefined },
    ]);
    expect(await read(server, "plain")).toEqual([
      { summary: "Could not read data source pgmini_role_info", detail: message, path: undefined },
    ]);
    // The host says which call failed; the text is the message alone.
    expect(await call(server, "plain")).toBe(message);
  });

  it("that the provider's mapError knows becomes its diagnostic, told which component and handler", async () => {
    seen.length = 0;
    expect(await create(server, "duplicate")).toEqual([
      {
        summary: "pgmini_role already exists in the database",
        detail: 'role "dup_role" already exists (SQLSTATE 42710). Import it, or choose another name.',
        path: undefined,
      },
    ]);
    expect(await read(server, "duplicate")).toEqual([
      {
        summary: "pgmini_role_info already exists in the database",
        detail: 'role "dup_role" already exists (SQLSTATE 42710). Import it, or choose another name.',
        path: undefined,
      },
    ]);
    expect(await call(server, "duplicate")).toBe(
      'quote_ident already exists in the database: role "dup_role" already exists (SQLSTATE 42710). Import it, or choose another name',
    );
    expect(seen).toEqual([
      { kind: "resource", component: "pgmini_role", operation: "create" },
      { kind: "data source", component: "pgmini_role_info", operation: "read" },
      { kind: "function", component: "quote_ident", operation: "call" },
    ]);
  });

  it("that mapError turns into a TsviderError keeps its path, with the operation's secrets masked", async () => {
    const expected = {
      summary: "The database refused the provider's login",
      detail: `password authentication failed for password "${MASK}". Check the password.`,
      path: ["password"],
    };
    expect(await create(server, "auth", "hunter22")).toEqual([expected]);
    expect(await read(server, "auth", "hunter22")).toEqual([expected]);
  });

  it("quoting a secret of the operation has it masked", async () => {
    const [created] = await create(server, "secret", "hunter22");
    expect(created).toEqual({
      summary: "Could not create pgmini_role",
      detail: `login with password "${MASK}" was refused`,
      path: undefined,
    });
    const [readOne] = await read(server, "secret", "hunter22");
    expect(readOne?.detail).toBe(`login with password "${MASK}" was refused`);
  });

  it("that is a programming error is a bug in the provider, whatever mapError says", async () => {
    seen.length = 0;
    const detail = `TypeError: Cannot read properties of undefined (reading 'rows')\n\n${bugHint}`;
    expect(await create(server, "bug")).toEqual([
      { summary: "Unexpected error in pgmini_role create", detail, path: undefined },
    ]);
    expect(await read(server, "bug")).toEqual([
      { summary: "Unexpected error in data source pgmini_role_info read", detail, path: undefined },
    ]);
    expect(await call(server, "bug")).toBe(
      `Unexpected error in function quote_ident: ${detail.replace(/\.$/, "")}`,
    );
    // mapError was asked, and had nothing for a TypeError.
    expect(seen.map((s) => s.operation)).toEqual(["create", "read", "call"]);
  });

  it("that makes mapError throw is a bug in the mapper, with the original message", async () => {
    const detail = (where: string) => [
      {
        summary: `Unexpected error in the provider's error mapper, for ${where}`,
        detail:
          "deadlock detected\n\nThe provider's mapError threw Error: the mapper has no case for deadlocks while describing this error. This is a bug in the provider's error mapper, not in your configuration; the provider's logs (TF_LOG_PROVIDER=ERROR) hold the stack trace.",
        path: undefined,
      },
    ];
    expect(await create(server, "deadlock")).toEqual(detail("pgmini_role create"));
    expect(await read(server, "deadlock")).toEqual(detail("data source pgmini_role_info read"));
    expect(await call(server, "deadlock")).toMatch(
      /^Unexpected error in the provider's error mapper, for function quote_ident: deadlock detected\n\nThe provider's mapError threw Error: the mapper has no case for deadlocks/,
    );
    // The provider served on.
    expect(await create(server, "plain")).toHaveLength(1);
  });
});

describe("a handler stopped by StopProvider", () => {
  // Its own server: once stopped, a provider process stays stopped.
  it.each([
    [
      "a resource create",
      create,
      "Creating pgmini_role was cancelled because Terraform asked the provider to stop",
    ],
    [
      "a data source read",
      read,
      "data source pgmini_role_info read was cancelled because Terraform asked the provider to stop",
    ],
  ])("is reported as cancelled in %s, never to mapError", async (_, run, summary) => {
    const server = await startTestServer(provider);
    try {
      seen.length = 0;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const answer = run(server, "slow");
      await running;
      await server.call<pb.StopProvider_Response>("stopProvider", {});
      const errors = await answer;
      expect(errors).toEqual([
        { summary, detail: expect.stringMatching(/^It ended before it finished/), path: undefined },
      ]);
      expect(errors[0]?.detail).not.toContain("bug");
      expect(seen).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe("which exceptions are programming errors", () => {
  it("are JavaScript's own, by class or by name, and an AggregateError only of them", () => {
    const fromOtherRealm = Object.assign(new Error("x is not defined"), { name: "ReferenceError" });
    for (const err of [
      new TypeError("a"),
      new ReferenceError("a"),
      new RangeError("a"),
      new SyntaxError("a"),
      new EvalError("a"),
      new URIError("a"),
      fromOtherRealm,
      new AggregateError([new TypeError("a"), new RangeError("b")]),
    ]) {
      expect(isProgrammingError(err), String(err)).toBe(true);
    }
    for (const err of [
      new Error("a"),
      new DatabaseError("a", "42710"),
      "a string",
      new DOMException("This operation was aborted", "AbortError"),
      new AggregateError([]),
      new AggregateError([new TypeError("a"), new Error("connect ECONNREFUSED 127.0.0.1:5432")]),
      // fetch's network failure: a TypeError only by the wrapper's choice.
      new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:443") }),
    ]) {
      expect(isProgrammingError(err), String(err)).toBe(false);
    }
  });

  it("are described with what they wrap: an AggregateError's inner errors and a cause's message", () => {
    const site = { kind: "resource", component: "pgmini_role", operation: "create" } as const;
    const where = { ...site, text: "pgmini_role create", mapError: undefined };
    // Node's refused connection to "localhost": an AggregateError with an empty message.
    const refused = Object.assign(
      new AggregateError([
        new Error("connect ECONNREFUSED ::1:5432"),
        new Error("connect ECONNREFUSED 127.0.0.1:5432"),
      ]),
      { code: "ECONNREFUSED" },
    );
    expect(thrownDiagnostic(where, refused).diagnostic).toEqual({
      severity: "error",
      summary: "Could not create pgmini_role",
      detail: "ECONNREFUSED\n- connect ECONNREFUSED ::1:5432\n- connect ECONNREFUSED 127.0.0.1:5432",
    });
    const fetchFailed = new TypeError("fetch failed", {
      cause: new Error("getaddrinfo ENOTFOUND api.example"),
    });
    expect(thrownDiagnostic(where, fetchFailed)).toEqual({
      as: "failed",
      diagnostic: {
        severity: "error",
        summary: "Could not create pgmini_role",
        detail: "fetch failed\n\nCause: getaddrinfo ENOTFOUND api.example",
      },
    });
  });
});

describe("defineProvider's mapError", () => {
  it("must be a function", () => {
    expect(() => defineProvider({ name: "pgmini", version: "1", mapError: "ignore" as never })).toThrow(
      FrameworkConfigurationError,
    );
    expect(() => defineProvider({ name: "pgmini", version: "1", mapError: "ignore" as never })).toThrow(
      /provider pgmini: mapError is not a function/,
    );
  });

  it("that answers wrongly is reported as a bug in it", () => {
    const wrong = (answer: unknown) =>
      thrownDiagnostic(
        {
          kind: "resource",
          component: "pgmini_role",
          operation: "create",
          text: "pgmini_role create",
          mapError: () => answer as never,
        },
        new Error("boom"),
      );
    expect(wrong({ detail: "no summary" }).as).toBe("mapper bug");
    expect(wrong({ detail: "no summary" }).diagnostic.detail).toMatch(
      /^boom\n\nThe provider's mapError returned an object without a summary; it must return a TsviderError, \{ summary, detail\?, path\? \} with a summary, or undefined, while describing this error\./,
    );
    expect(wrong(Promise.resolve(undefined)).diagnostic.detail).toContain(
      "returned a Promise; it must answer at once, not be async, while describing this error.",
    );
    // A late rejection is logged, not left unhandled (vitest fails a run that leaves one).
    expect(wrong(Promise.reject(new Error("late"))).as).toBe("mapper bug");
    expect(wrong("text").diagnostic.detail).toContain("returned a string");
  });
});
