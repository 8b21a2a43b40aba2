// runHandler and addThrown, called directly: whatever author code throws becomes an error
// diagnostic, never a throw, with the author's own wording for a TsviderError, a cancellation
// reported as one (naming the operation), a masked "this is a bug" message for a programming
// error and the masked message of anything else. Then a create stopped by stopProvider through
// the server core, as StopProvider does it. handler-errors.test.ts covers the provider's
// mapError and each component kind.
import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { Diagnostics, TsviderError } from "../diagnostics.js";
import { MASK, rememberSecrets, withLogScope } from "../internal/log-values.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { applyResourceChange } from "../server/apply-resource-change.js";
import { serverWith } from "../server/core-fixture.test-support.js";
import { stopProvider } from "../server/stop-provider.js";
import { addThrown, cancellationOf, runHandler, StopRequestedError } from "./handler.js";

describe("runHandler", () => {
  it("returns what the handler returns, sync or async", async () => {
    const diagnostics = new Diagnostics();
    expect(await runHandler(diagnostics, "x", () => 1)).toBe(1);
    expect(await runHandler(diagnostics, "x", async () => 2)).toBe(2);
    expect(diagnostics.items).toEqual([]);
  });

  it("turns a TsviderError into its own diagnostic, path and all", async () => {
    const diagnostics = new Diagnostics();
    const got = await runHandler(diagnostics, "test_x create", () => {
      throw new TsviderError("Quota reached", { detail: "Ask for more.", path: [{ attribute: "size" }] });
    });
    expect(got).toBeUndefined();
    expect(diagnostics.items).toEqual([
      { severity: "error", summary: "Quota reached", detail: "Ask for more.", path: [{ attribute: "size" }] },
    ]);
  });

  it("turns any other throw, even a non-Error, into an error naming where it happened", async () => {
    const diagnostics = new Diagnostics();
    await runHandler(diagnostics, "test_x read", () => Promise.reject(new RangeError("index 9")));
    await runHandler(diagnostics, "test_x read", () => {
      throw "a string";
    });
    expect(diagnostics.items.map((d) => d.summary)).toEqual([
      "Unexpected error in test_x read",
      "test_x read failed",
    ]);
    // A RangeError is a programming error: a bug, said so. A thrown string is the author's words.
    expect(diagnostics.items[0]?.detail).toMatch(/^RangeError: index 9\n\nThis is a bug in the provider/);
    expect(diagnostics.items[1]?.detail).toBe("a string");
  });

  it("masks the operation's secrets in the message it quotes", async () => {
    const schema = { password: attr.string({ optional: true, sensitive: true }) };
    const diagnostics = new Diagnostics();
    await withLogScope(async () => {
      rememberSecrets(schema, { password: "hunter22" });
      await runHandler(diagnostics, "test_x create", () => {
        throw new Error("login with hunter22 refused");
      });
    });
    expect(diagnostics.items[0]?.detail).toContain(`login with ${MASK} refused`);
    expect(diagnostics.items[0]?.detail).not.toContain("hunter22");
  });
});

describe("addThrown", () => {
  it("uses the framework's path when the error names none", () => {
    const diagnostics = new Diagnostics();
    addThrown(diagnostics, "validator", new TsviderError("Too long"), [{ attribute: "name" }]);
    addThrown(diagnostics, "validator", new Error("boom"), [{ attribute: "size" }]);
    expect(diagnostics.items.map((d) => d.path)).toEqual([[{ attribute: "name" }], [{ attribute: "size" }]]);
  });
});

describe("a cancelled operation", () => {
  const stopped = () => {
    const controller = new AbortController();
    controller.abort(new StopRequestedError());
    return controller.signal;
  };

  it("is reported as cancelled, naming the operation, whatever Node API saw the signal", async () => {
    const throwers: Array<() => Promise<unknown>> = [
      () => sleep(60_000, undefined, { signal: stopped() }),
      () => readFile("/dev/null", { signal: stopped() }),
      async () => stopped().throwIfAborted(),
      async () => {
        throw stopped().reason;
      },
    ];
    for (const thrower of throwers) {
      const diagnostics = new Diagnostics();
      await runHandler(diagnostics, "tsvider_file_content create", thrower);
      expect(diagnostics.items).toEqual([
        {
          severity: "error",
          summary: "Creating tsvider_file_content was cancelled because Terraform asked the provider to stop",
          detail: expect.stringContaining("check for a half-made one"),
        },
      ]);
      expect(diagnostics.items[0]?.detail).not.toContain("bug");
    }
  });

  it("names each operation in its own words", async () => {
    const summaries: string[] = [];
    for (const where of ["x_y update", "x_y delete", "x_y read", "x_y import", "provider x configure"]) {
      const diagnostics = new Diagnostics();
      addThrown(diagnostics, where, new StopRequestedError());
      summaries.push(diagnostics.items[0]!.summary);
    }
    expect(summaries).toEqual([
      "Updating x_y was cancelled because Terraform asked the provider to stop",
      "Deleting x_y was cancelled because Terraform asked the provider to stop",
      "Reading x_y was cancelled because Terraform asked the provider to stop",
      "Importing x_y was cancelled because Terraform asked the provider to stop",
      "provider x configure was cancelled because Terraform asked the provider to stop",
    ]);
  });

  it("knows the stop reason by its words too, and Terraform cancelling a streamed call", () => {
    expect(cancellationOf(new Error("Terraform asked the provider to stop"))).toBe(
      "Terraform asked the provider to stop",
    );
    const cancelled = new AbortController();
    cancelled.abort(new Error("Terraform cancelled ListResource"));
    const diagnostics = new Diagnostics();
    addThrown(diagnostics, "x_y read", new DOMException("The operation was aborted", "AbortError"));
    addThrown(
      diagnostics,
      "x_y read",
      Object.assign(new Error("aborted"), { cause: cancelled.signal.reason }),
    );
    expect(diagnostics.items.map((d) => d.summary)).toEqual([
      // An abort nothing of Terraform's caused is the provider's own doing: a failure, no bug.
      "x_y read failed",
      "Reading x_y was cancelled because Terraform cancelled ListResource",
    ]);
    expect(diagnostics.items[0]?.detail).toBe("The operation was aborted");
  });

  it("is what a create stopped by StopProvider reports through the server", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slow = defineResource({
      typeName: "test_slow",
      schema: {
        id: attr.string({ computed: true }),
        name: attr.string({ required: true, requiresReplace: true }),
      },
      async create({ plan, signal }) {
        started();
        await sleep(60_000, undefined, { signal });
        return { ...plan, id: "never" };
      },
      read: async ({ state }) => state,
      delete: async () => {},
    });
    const server = serverWith({ resources: [slow] });
    const applying = applyResourceChange(server, server.resource("test_slow")!, {
      priorState: null,
      plannedState: { id: Unknown, name: "a" },
      config: { id: null, name: "a" },
    });
    await running;
    stopProvider(server);
    const result = await applying;
    expect(result.diagnostics.items).toMatchObject([
      {
        severity: "error",
        summary: "Creating test_slow was cancelled because Terraform asked the provider to stop",
      },
    ]);
    expect(result.diagnostics.items[0]?.detail).not.toContain("bug in the provider");
  });
});
