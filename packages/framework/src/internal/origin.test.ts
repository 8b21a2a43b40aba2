import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { describeOrigin, rememberOrigin } from "./origin.js";

// V8's collector, reached the way Node allows at run time: the flag, then a fresh context.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/** What an author calls; the stack is cut at it. */
function defineThing<T extends object>(component: T): T {
  return rememberOrigin(component, "defineThing", defineThing);
}

describe("rememberOrigin", () => {
  it("names the author's call", () => {
    const thing = defineThing({});
    expect(describeOrigin(thing, "a thing")).toMatch(
      /^defineThing at src\/internal\/origin\.test\.ts:\d+:\d+$/,
    );
  });

  it("keeps no function below the author's call alive, as a provider's launcher is below it at start-up", async () => {
    // `outer` stands for the launcher: it calls the author's module, which defines a component.
    // Only the captured stack refers to it once it has returned.
    let outer: ((define: typeof defineThing) => object) | undefined = new Function(
      "define",
      "return (function author() { return define({}); })();",
    ) as (define: typeof defineThing) => object;
    const gone = new WeakRef(outer);
    const thing = outer(defineThing);
    outer = undefined;
    for (let round = 0; round < 5 && gone.deref() !== undefined; round++) {
      // A WeakRef's target lives until the current job ends.
      await new Promise((resolve) => setImmediate(resolve));
      collect();
    }
    expect(gone.deref()).toBeUndefined();
    expect(describeOrigin(thing, "a thing")).toMatch(/^defineThing at /);
  });
});
