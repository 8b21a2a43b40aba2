// The known-value matchers, exact numbers, compareValue, randomName and the requirements on
// their own, on `show -json` shapes: what each accepts, and what its failure says (where, what
// was expected, what was found). acceptance-extras.test.ts runs them through the real tofu.
import { describe, expect, it } from "vitest";
import { match, planCheck, stateCheck } from "./checks.js";
import { compareValue } from "./compare-value.js";
import { ExactNumber, parseExactJson } from "./exact-json.js";
import { compareValues } from "./harness.js";
import type { ShownPlan, ShownState } from "./json.js";
import { randomName } from "./random-name.js";
import { unmetRequirements } from "./requirements.js";

const stateText = `{"values":{"root_module":{"resources":[{"address":"x_db.d","mode":"managed","type":"x_db","name":"d",
  "values":{"id":"db-1","big":9007199254740993,"small":5432,"precise":0.10000000000000001,"half":0.5,"huge":1e400,
  "tags":{"env":"prod","team":"data"},"ports":[443,80,8080],"rules":[{"port":443,"proto":"tcp"},{"port":53,"proto":"udp"}],
  "nothing":null}}]}}}`;
const state = parseExactJson(stateText) as ShownState;

/** The message of the failure `check` throws on `state`, or undefined when it passes. */
function failure(check: { check(s: ShownState): void }, on: ShownState = state): string | undefined {
  try {
    check.check(on);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

const attr = (path: string, expected: unknown) => stateCheck.attribute("x_db.d", path, expected);

describe("numbers from show -json", () => {
  it("keeps every digit: doubles stay numbers, larger integers become bigints, other decimals ExactNumber", () => {
    const values = state.values!.root_module!.resources![0]!.values;
    expect(values.small).toBe(5432);
    expect(values.half).toBe(0.5);
    expect(values.big).toBe(9007199254740993n);
    expect(values.huge).toBe(10n ** 400n);
    expect(values.precise).toBeInstanceOf(ExactNumber);
    expect(String(values.precise)).toBe("0.10000000000000001");
    // JSON.parse would have made these 9007199254740992 and 0.1.
    expect(JSON.parse("9007199254740993")).toBe(9007199254740992);
  });

  it("parses what JSON.parse parses, keys such as __proto__ included, and refuses what it refuses", () => {
    const text = '{"a":[1,-2.5e3,true,false,null,"\\u00e9\\"x"],"__proto__":{"b":{}}}';
    expect(parseExactJson(text)).toEqual(JSON.parse(text));
    expect(Object.keys(parseExactJson(text) as object)).toEqual(["a", "__proto__"]);
    expect(() => parseExactJson('{"a":1,}')).toThrow(SyntaxError);
    expect(() => parseExactJson("[1] 2")).toThrow(/unexpected text after the value/);
  });

  it("compares numbers by decimal value, not as doubles", () => {
    expect(failure(attr("big", 9007199254740993n))).toBeUndefined();
    expect(failure(attr("big", match.number("9007199254740993")))).toBeUndefined();
    // As a JS number, 9007199254740993 is 9007199254740992: not the state's number.
    expect(failure(attr("big", Number("9007199254740993")))).toBe(
      "x_db.d.big: expected 9007199254740992, found 9007199254740993",
    );
    expect(failure(attr("precise", match.number("0.10000000000000001")))).toBeUndefined();
    expect(failure(attr("precise", 0.1))).toBe("x_db.d.precise: expected 0.1, found 0.10000000000000001");
    expect(failure(attr("small", match.number("5432.0")))).toBeUndefined();
    expect(failure(attr("small", 5432n))).toBeUndefined();
    expect(failure(attr("huge", match.number("1e400")))).toBeUndefined();
    expect(() => match.number("12 apples")).toThrow(/"12 apples" is not a number as JSON writes it/);
  });

  it("import verification compares exact numbers too", () => {
    const before = parseExactJson('{"n":9007199254740993,"m":[0.10000000000000001]}') as Record<
      string,
      unknown
    >;
    const after = parseExactJson('{"n":9007199254740992,"m":[0.10000000000000001]}') as Record<
      string,
      unknown
    >;
    expect(compareValues(before, after, [])).toEqual([
      "  n: state 9007199254740993, imported 9007199254740992",
    ]);
    expect(compareValues(before, before, [])).toEqual([]);
  });
});

describe("known-value matchers", () => {
  it("exact: the whole value, with the path of the first difference", () => {
    expect(failure(attr("tags", { env: "prod", team: "data" }))).toBeUndefined();
    expect(failure(attr("tags", { env: "dev", team: "data" }))).toBe(
      "x_db.d.tags.env: expected 'dev', found 'prod'",
    );
    expect(failure(attr("tags", { env: "prod" }))).toBe(
      "x_db.d.tags: expected exactly the keys [ 'env' ] (match.partial checks only some), found also team = 'data'",
    );
    expect(
      failure(
        attr("rules", [
          { port: 443, proto: "tcp" },
          { port: 53, proto: "tcp" },
        ]),
      ),
    ).toBe("x_db.d.rules.1.proto: expected 'tcp', found 'udp'");
    expect(failure(attr("ports", [443, 80]))).toBe(
      "x_db.d.ports: expected 2 elements: [ 443, 80 ], found 3 elements: [ 443, 80, 8080 ]",
    );
    // Matchers inside an exact value are matched in their place.
    expect(
      failure(
        attr("rules", [
          { port: 443, proto: /^t/ },
          { port: match.any(), proto: "udp" },
        ]),
      ),
    ).toBeUndefined();
  });

  it("partial: only the keys given, at any depth it is nested to", () => {
    expect(failure(attr("tags", match.partial({ env: "prod" })))).toBeUndefined();
    expect(
      failure(stateCheck.attribute("x_db.d", [], match.partial({ tags: match.partial({ team: "data" }) }))),
    ).toBe(undefined);
    expect(failure(attr("tags", match.partial({ owner: "me" })))).toBe(
      "x_db.d.tags.owner: expected 'me', found no such attribute",
    );
    expect(failure(attr("rules", match.partial({ 1: match.partial({ port: 54 }) })))).toBe(
      "x_db.d.rules.1.port: expected 54, found 53",
    );
    expect(failure(attr("id", match.partial({ a: 1 })))).toBe(
      "x_db.d.id: expected an object with at least { a: 1 }, found 'db-1'",
    );
  });

  it("unordered and contains: lists and sets without their order", () => {
    expect(failure(attr("ports", match.unordered([8080, 443, 80])))).toBeUndefined();
    expect(failure(attr("ports", match.unordered([8080, 443, 81])))).toBe(
      "x_db.d.ports: expected exactly [ 8080, 443, 81 ] in any order, found [ 443, 80, 8080 ], where nothing matches 81",
    );
    expect(failure(attr("ports", match.unordered([8080, 443])))).toBe(
      "x_db.d.ports: expected 2 elements in any order: [ 8080, 443 ], found 3 elements: [ 443, 80, 8080 ]",
    );
    expect(failure(attr("ports", match.contains([8080])))).toBeUndefined();
    expect(
      failure(attr("rules", match.contains([match.partial({ proto: "udp" }), match.partial({ port: 443 })]))),
    ).toBeUndefined();
    // A matcher two elements satisfy does not take the one the other expected element needs.
    expect(failure(attr("ports", match.unordered([match.satisfies("a port", () => true), 443, 80])))).toBe(
      undefined,
    );
    expect(failure(attr("ports", match.contains([443, 443])))).toBe(
      "x_db.d.ports: expected at least [ 443, 443 ] in any order, found [ 443, 80, 8080 ], where nothing matches 443",
    );
  });

  it("size, null and notNull", () => {
    expect(failure(attr("tags", match.size(2)))).toBeUndefined();
    expect(failure(attr("ports", match.size(2)))).toBe(
      "x_db.d.ports: expected 2 elements or keys, found 3: [ 443, 80, 8080 ]",
    );
    expect(failure(attr("nothing", match.null()))).toBeUndefined();
    expect(failure(attr("nothing", match.notNull()))).toBe(
      "x_db.d.nothing: expected a value other than null, found null",
    );
    expect(failure(attr("missing", match.null()))).toBe(
      "x_db.d.missing: expected null, found no such attribute",
    );
  });

  it("planned values: unknown places match only unknown(), the others known()", () => {
    const plan =
      parseExactJson(`{"resource_changes":[{"address":"x_db.d","mode":"managed","type":"x_db","name":"d",
      "change":{"actions":["create"],"before":null,
        "after":{"name":"n","tags":{"env":"prod"},"ports":[443,null],"size":12345678901234567890},
        "after_unknown":{"id":true,"tags":{"team":true},"ports":[false,true]}}}]}`) as ShownPlan;
    const planned = (path: string, expected: unknown) => {
      try {
        planCheck.planned("x_db.d", path, expected).check(plan);
        return undefined;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(planned("id", match.unknown())).toBeUndefined();
    expect(planned("name", match.known())).toBeUndefined();
    expect(planned("tags", { env: "prod", team: match.unknown() })).toBeUndefined();
    expect(planned("ports", [443, match.unknown()])).toBeUndefined();
    expect(planned("size", 12345678901234567890n)).toBeUndefined();
    expect(planned("tags", { env: "prod", team: "data" })).toBe(
      "x_db.d.tags.team in the plan: expected 'data', found (known after apply)",
    );
    expect(planned("id", match.notNull())).toBe(
      "x_db.d.id in the plan: expected a value other than null, found (known after apply)",
    );
    expect(planned("name", match.unknown())).toBe(
      "x_db.d.name in the plan: expected a value known only after apply, found 'n'",
    );
  });
});

describe("compareValue", () => {
  const withId = (id: unknown): ShownState => ({
    values: {
      root_module: {
        resources: [{ address: "x_db.d", mode: "managed", type: "x_db", name: "d", values: { id } }],
      },
    },
  });

  it("checks that a value stays the same, or changes, from one check to the next", () => {
    const id = compareValue("x_db.d", "id");
    expect(failure(id.record(), withId("db-1"))).toBeUndefined();
    expect(failure(id.same(), withId("db-1"))).toBeUndefined();
    expect(failure(id.same(), withId("db-2"))).toBe(
      "x_db.d.id changed from 'db-1' to 'db-2'; expected it to stay the same",
    );
    expect(failure(id.differs(), withId("db-3"))).toBeUndefined();
    expect(failure(id.differs(), withId("db-3"))).toBe(
      "x_db.d.id is still 'db-3'; expected it to change (as a replacement would)",
    );
    expect(id.values).toEqual(["db-1", "db-1", "db-2", "db-3", "db-3"]);
  });

  it("compares numbers exactly, and says what to do when nothing was recorded", () => {
    const n = compareValue("x_db.d", "id");
    expect(failure(n.same(), withId(1))).toBe(
      `compareValue("x_db.d", "id").same() has nothing to compare with: put its record() in an earlier step's stateChecks`,
    );
    n.record().check(withId(9007199254740993n));
    expect(failure(n.differs(), withId(9007199254740992))).toBeUndefined();
    expect(failure(compareValue("x_db.d", "nope").record(), withId(1))).toBe(
      "x_db.d.nope: no such attribute in state (check the path)",
    );
  });
});

describe("randomName", () => {
  it("is the prefix, a separator and random lowercase letters and digits, of a fixed length", () => {
    const names = new Set(Array.from({ length: 200 }, () => randomName("tfacc")));
    expect(names.size).toBe(200);
    for (const name of names) expect(name).toMatch(/^tfacc-[a-z0-9]{10}$/);
    expect(randomName("pg", { separator: "_", length: 6 })).toMatch(/^pg_[a-z0-9]{6}$/);
    // Every character of the alphabet turns up: the draw is not limited to part of it.
    const seen = new Set([...Array.from({ length: 100 }, () => randomName("x", { length: 40 })).join("")]);
    expect(seen.size).toBe(36 + 1); // a-z and 0-9 (the prefix "x" among them), and "-"
  });

  it("refuses a prefix or a length that would not make a safe name", () => {
    expect(() => randomName("Tf")).toThrow(/prefix "Tf" must start with a lowercase letter/);
    expect(() => randomName("tf acc")).toThrow(/only lowercase letters, digits, "-" and "_"/);
    expect(() => randomName("tf", { length: 0 })).toThrow(/length 0 must be a whole number from 1 to 64/);
  });
});

describe("unmetRequirements", () => {
  it("names each missing variable and the opt-in, and what to set", () => {
    expect(unmetRequirements({ requireEnv: ["PGHOST"] }, { PGHOST: "db" })).toBeUndefined();
    expect(unmetRequirements({ requireEnv: ["PGHOST", "PGUSER"] }, { PGHOST: "" })).toBe(
      "PGHOST, PGUSER are not set (requireEnv); set them to run it",
    );
    expect(unmetRequirements({ optIn: true, requireEnv: ["PGHOST"] }, {})).toBe(
      "it is opt-in (optIn: true: it reaches real infrastructure); set TSVIDER_ACC=1 to run it; PGHOST is not set (requireEnv); set it to run it",
    );
    expect(unmetRequirements({ optIn: true }, { TSVIDER_ACC: "1" })).toBeUndefined();
    expect(unmetRequirements({}, {})).toBeUndefined();
  });
});
