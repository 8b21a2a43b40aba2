// Custom types with semantic equality on the real host: a "PostgreSQL" API that answers
// `2030-01-01 00:00:00+00` for `2030-01-01T00:00:00Z` and stores JSON as jsonb does (shorter
// keys first, its own whitespace). The resource converts the API's timestamp to RFC 3339 and
// hands back whatever JSON the API has; types.rfc3339 and types.json do the rest. Applied, the
// host's convergence plan is empty (apply kept config's spelling, the refresh kept the
// state's); a config respelled plans nothing; an import reads the API's spelling, plans no
// change and holds the same instant and JSON; a different instant plans an update; a value
// that is no timestamp is refused at its attribute.
import { attr, block, defineProvider, defineResource, ResourceError, types } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import { SCENARIO_ADDRESS, SCENARIO_PROVIDER } from "./scenario-providers.js";

/** The "database": rows by ID, as PostgreSQL would print them. */
const rows = new Map<
  string,
  { expires: string; settings: string; host: string; windows: { starts: string; label: string }[] }
>();
/** Every spelling the resource handed back, to show the API's did reach the framework. */
const returned: string[] = [];

/** `2030-01-01T09:30:00+02:00` as PostgreSQL prints a timestamptz in UTC: `2030-01-01 07:30:00+00`. */
function toPostgres(rfc3339: string): string {
  return `${new Date(rfc3339).toISOString().slice(0, 19).replace("T", " ")}+00`;
}

/** What the resource makes of PostgreSQL's text: RFC 3339 with an explicit offset. */
function fromPostgres(text: string): string {
  return `${text.replace(" ", "T")}:00`;
}

/** jsonb's order: shorter keys first, then by bytes; `", "` and `": "` between. */
function toJsonb(json: string): string {
  const order = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(order);
    if (value === null || typeof value !== "object") return value;
    const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(keys.map((k) => [k, order((value as Record<string, unknown>)[k])]));
  };
  return JSON.stringify(order(JSON.parse(json)))
    .replaceAll('":', '": ')
    .replaceAll(",", ", ");
}

const database = defineResource({
  typeName: "scn_database",
  schema: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    expires_at: attr.custom(types.rfc3339, { required: true }),
    settings: attr.custom(types.json, { required: true }),
    listen: attr.custom(types.ip, { optional: true }),
    // A set of blocks: elements are paired with the state's by meaning, the timestamp included.
    maintenance: block.set({
      starts_at: attr.custom(types.rfc3339, { required: true }),
      label: attr.string({ required: true }),
    }),
  },
  async create({ plan }) {
    rows.set(plan.name, {
      expires: toPostgres(plan.expires_at),
      settings: toJsonb(plan.settings),
      host: plan.listen ?? "",
      windows: plan.maintenance.map((m) => ({ starts: toPostgres(m.starts_at), label: m.label })),
    });
    return fromRow(plan.name);
  },
  async read({ state }) {
    return rows.has(state.id!) ? fromRow(state.id!) : null;
  },
  async update({ plan }) {
    rows.set(plan.name, {
      expires: toPostgres(plan.expires_at),
      settings: toJsonb(plan.settings),
      host: plan.listen ?? "",
      windows: plan.maintenance.map((m) => ({ starts: toPostgres(m.starts_at), label: m.label })),
    });
    return fromRow(plan.name);
  },
  async delete({ state }) {
    rows.delete(state.id!);
  },
  async importState({ id }) {
    if (!rows.has(id)) throw new ResourceError(`no database named "${id}"`);
    return { id, name: id };
  },
});

function fromRow(name: string) {
  const row = rows.get(name)!;
  // PostgreSQL's inet prints IPv6 in full: 0:0:0:0:0:0:0:1.
  const listen = row.host === "" ? null : row.host === "::1" ? "0:0:0:0:0:0:0:1" : row.host;
  const maintenance = row.windows.map((w) => ({ starts_at: fromPostgres(w.starts), label: w.label }));
  const value = {
    id: name,
    name,
    expires_at: fromPostgres(row.expires),
    settings: row.settings,
    listen,
    maintenance,
  };
  returned.push(value.expires_at, value.settings);
  return value;
}

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [database] });

const config = (
  expires: string,
  settings: string,
  listen = "::1",
  windows = ["2030-06-01T02:00:00Z", "2030-07-01T02:00:00Z"],
) => `resource "scn_database" "db" {
  name       = "orders"
  expires_at = "${expires}"
  settings   = ${JSON.stringify(settings)}
  listen     = "${listen}"
${windows.map((at, i) => `  maintenance {\n    starts_at = "${at}"\n    label     = "w${i}"\n  }\n`).join("")}}
`;

const SETTINGS = '{"work_mem": "64MB", "search_path": ["app", "public"], "jit": false, "ratio": 0.50}';
const RESPELLED = '{ "ratio": 5e-1, "jit": false, "search_path": ["app", "public"], "work_mem": "64MB" }';

describe("scenario: custom types with semantic equality", () => {
  it("keeps the practitioner's spelling through apply, refresh, a respelled config and an import", async () => {
    rows.clear();
    returned.length = 0;
    let applied: Record<string, unknown> | undefined;
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          // The harness plans the same config after the apply: the plan must be empty.
          config: config("2030-01-01T00:00:00Z", SETTINGS),
          stateChecks: [
            stateCheck.attribute("scn_database.db", "expires_at", "2030-01-01T00:00:00Z"),
            stateCheck.attribute("scn_database.db", "settings", SETTINGS),
            stateCheck.attribute("scn_database.db", "listen", "::1"),
          ],
          check: ({ state }) => {
            applied = state.values?.root_module?.resources?.find(
              (r) => r.address === "scn_database.db",
            )?.values;
            // The API's spellings did come back from create and read.
            expect(returned).toContain("2030-01-01T00:00:00+00:00");
            expect(returned).toContain(
              '{"jit": false, "ratio": 0.5, "work_mem": "64MB", "search_path": ["app", "public"]}',
            );
          },
        },
        {
          // The same instant and JSON, spelled otherwise: nothing to do.
          config: config("2030-01-01T01:00:00+01:00", RESPELLED, "0::1", [
            "2030-06-01T04:00:00+02:00",
            "2030-07-01T02:00:00.000Z",
          ]),
          planOnly: true,
        },
        {
          config: config("2030-01-01T00:00:00Z", SETTINGS),
          // The harness checks the import plans no change; the imported object holds the API's
          // spelling, which compares equal by meaning and not as text.
          importState: {
            resourceName: "scn_database.db",
            id: "orders",
            importBlock: true,
            verify: true,
            verifyIgnore: ["expires_at", "settings", "listen", "maintenance"],
          },
          check: ({ state }) => {
            const imported = state.values?.root_module?.resources?.find(
              (r) => r.address === "scn_database.db",
            )?.values;
            expect(imported?.expires_at).toBe("2030-01-01T00:00:00+00:00");
            expect(imported?.listen).toBe("0:0:0:0:0:0:0:1");
            for (const [name, type] of [
              ["expires_at", types.rfc3339],
              ["settings", types.json],
              ["listen", types.ip],
            ] as const) {
              expect(imported?.[name]).not.toBe(applied?.[name]);
              expect(type.custom.equal!(applied?.[name] as string, imported?.[name] as string)).toBe(true);
            }
          },
        },
        {
          // One maintenance window moves by an hour: an update, the other window as it was.
          config: config("2030-01-02T00:00:00Z", SETTINGS, "::1", [
            "2030-06-01T03:00:00Z",
            "2030-07-01T02:00:00Z",
          ]),
          planChecks: { preApply: [planCheck.action("scn_database.db", "update")] },
          stateChecks: [stateCheck.attribute("scn_database.db", "expires_at", "2030-01-02T00:00:00Z")],
          check: ({ state }) => {
            expect(rows.get("orders")?.expires).toBe("2030-01-02 00:00:00+00");
            const values = state.values?.root_module?.resources?.find(
              (r) => r.address === "scn_database.db",
            )?.values;
            expect(values?.maintenance).toEqual([
              { starts_at: "2030-06-01T03:00:00Z", label: "w0" },
              { starts_at: "2030-07-01T02:00:00Z", label: "w1" },
            ]);
          },
        },
        {
          config: config("2030-01-02T00:00:00Z", SETTINGS.replace("64MB", "128MB"), "::1", [
            "2030-06-01T03:00:00Z",
            "2030-07-01T02:00:00Z",
          ]),
          planChecks: { preApply: [planCheck.action("scn_database.db", "update")] },
          stateChecks: [
            stateCheck.attribute("scn_database.db", "settings", SETTINGS.replace("64MB", "128MB")),
          ],
        },
        {
          config: config("2030-01-02 00:00:00+00", SETTINGS, "::1", [
            "2030-06-01T03:00:00Z",
            "2030-07-01T02:00:00Z",
          ]),
          expectError: /Invalid RFC 3339 timestamp[\s\S]*"expires_at" must be an RFC 3339 timestamp/,
        },
      ],
    });
    expect(rows.size).toBe(0);
  });
});
