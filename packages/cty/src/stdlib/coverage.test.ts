// Every function in go-cty's stdlib is here, under the name the oracle knows it by.
import { expect, it } from "vitest";
import { useGoOracle } from "./go-oracle.test-support.js";
import { stdlibFunctions } from "./index.js";

const oracle = useGoOracle();

it("has each of go-cty's stdlib functions, and no other", async () => {
  const reply = await oracle.request({ op: "functions" });
  const goNames = [...(reply.types ?? [])].sort();
  expect(goNames.length).toBeGreaterThanOrEqual(80);
  expect(Object.keys(stdlibFunctions).sort()).toEqual(goNames);
});
