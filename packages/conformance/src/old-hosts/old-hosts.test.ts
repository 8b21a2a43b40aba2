// A provider on hosts older than its newest features: Terraform 1.5.7 (the last MPL release,
// before functions, ephemeral resources, write-only attributes, identity, list resources,
// actions and state stores) and OpenTofu 1.6 (the first release). The provider here defines one
// of every kind; on an old host its resources, data sources and import keep working, a
// write-only value is refused by the framework with the versions it needs (that host would plan
// and store it like any argument), and the newer syntax is refused by the host itself, before
// the provider is asked (nothing a provider can change).
//
// The hosts come from the environment, built by `tooling/terraform/install 1.5.7` and
// `tooling/opentofu/install 1.6.3` (`./dev test` exports them); each test is skipped, saying
// which variable to set, when its host is not given.
import { spawnSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  attr,
  defineAction,
  defineDataSource,
  defineEphemeralResource,
  defineListResource,
  defineProvider,
  defineProviderFunction,
  defineResource,
  defineStateStore,
  identityAttr,
  importPassthrough,
  t,
} from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, stateCheck } from "../index.js";
import { SCENARIO_ADDRESS, SCENARIO_PROVIDER } from "../scenarios/scenario-providers.js";

/** Objects "created" by scn_note, by name. */
const notes = new Map<string, string>();

const note = defineResource({
  typeName: "scn_note",
  schema: {
    name: attr.string({ required: true, requiresReplace: true }),
    text: attr.string({ required: true }),
    length: attr.int64({ computed: true }),
  },
  // Identity: hosts before Terraform 1.12 never ask for its schema and ignore it in answers.
  identity: { schema: { name: identityAttr.string({ requiredForImport: true }) } },
  async create({ plan, setIdentity }) {
    notes.set(plan.name, plan.text);
    setIdentity({ name: plan.name });
    return { ...plan, length: BigInt(plan.text.length) };
  },
  async read({ state, setIdentity }) {
    const text = notes.get(state.name);
    if (text === undefined) return null;
    setIdentity({ name: state.name });
    return { ...state, text, length: BigInt(text.length) };
  },
  async update({ plan }) {
    notes.set(plan.name, plan.text);
    return { ...plan, length: BigInt(plan.text.length) };
  },
  async delete({ state }) {
    notes.delete(state.name);
  },
  importState: importPassthrough("name"),
});

const secret = defineResource({
  typeName: "scn_secret",
  schema: {
    name: attr.string({ required: true }),
    password_wo: attr.string({ optional: true, writeOnly: true, sensitive: true }),
    password_version: attr.number({ optional: true }),
  },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
});

const noteData = defineDataSource({
  typeName: "scn_note",
  schema: { name: attr.string({ required: true }), text: attr.string({ computed: true }) },
  async read({ config }) {
    return { ...config, text: notes.get(config.name) ?? "" };
  },
});

const upper = defineProviderFunction({
  name: "upper",
  params: [{ name: "text", type: t.string }],
  returns: t.string,
  run: (text) => text.toUpperCase(),
});

const token = defineEphemeralResource({
  typeName: "scn_token",
  schema: { value: attr.string({ computed: true, sensitive: true }) },
  async open({ config }) {
    return { result: { ...config, value: "tok" } };
  },
});

const noteList = defineListResource({
  resource: note,
  schema: {},
  async *list() {
    for (const name of notes.keys()) yield { displayName: name, identity: { name } };
  },
});

const echo = defineAction({
  typeName: "scn_echo",
  schema: { message: attr.string({ required: true }) },
  async invoke({ progress, config }) {
    progress(config.message);
  },
});

const store = defineStateStore({
  typeName: "scn_store",
  schema: { path: attr.string({ required: true }) },
  configure: () => new Map<string, Uint8Array>(),
  getStates: async ({ store }) => [...store.keys()],
  readState: async ({ store, stateId }) => store.get(stateId) ?? null,
  writeState: async ({ store, stateId, bytes }) => {
    store.set(stateId, bytes);
  },
  deleteState: async ({ store, stateId }) => {
    store.delete(stateId);
  },
});

const provider = defineProvider({
  name: SCENARIO_PROVIDER,
  version: "0.1.0",
  resources: [note, secret],
  dataSources: [noteData],
  functions: [upper],
  ephemeralResources: [token],
  listResources: [noteList],
  actions: [echo],
  stateStores: [store],
});

interface OldHost {
  readonly variable: string;
  readonly binary: string | undefined;
  /** Why the tests on it are skipped, when they are. */
  readonly reason: string;
}

function oldHost(variable: string, install: string): OldHost {
  const binary = process.env[variable];
  if (!binary) {
    return {
      variable,
      binary: undefined,
      reason: `${variable} is not set: give it the path of the old host (\`${install}\` prints one)`,
    };
  }
  const probe = spawnSync(binary, ["version"], {
    encoding: "utf8",
    env: { ...process.env, TF_CLI_CONFIG_FILE: "/dev/null", CHECKPOINT_DISABLE: "1" },
  });
  if (probe.status !== 0) {
    return { variable, binary: undefined, reason: `${variable}=${binary} does not run (\`version\` failed)` };
  }
  return { variable, binary, reason: "" };
}

const hosts = [
  oldHost("TSVIDER_OLD_TERRAFORM", "tooling/terraform/install 1.5.7"),
  oldHost("TSVIDER_OLD_TOFU", "tooling/opentofu/install 1.6.3"),
];

const SECRET = "old-host-secret-5d1c";

/** Every file under `dir` but the configuration (plan files, state, backups) that holds `needle`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if (path.includes(`${join(dir, ".terraform")}/`) || path.endsWith(".tf")) continue;
    if ((await readFile(path)).includes(needle)) found.push(path);
  }
  return found;
}

for (const host of hosts) {
  describe(`a provider with every newer feature, on an old host (${host.variable})`, () => {
    const run = (steps: Parameters<typeof acceptanceTest>[0]["steps"]) =>
      acceptanceTest({ provider, address: SCENARIO_ADDRESS, binary: host.binary!, steps });

    it("serves its resources, data sources and import as before", async (ctx) => {
      if (!host.binary) ctx.skip(host.reason);
      notes.clear();
      const config = (text: string) => `resource "scn_note" "n" {
  name = "greeting"
  text = "${text}"
}
data "scn_note" "d" {
  name = scn_note.n.name
}
output "read_back" {
  value = data.scn_note.d.text
}
`;
      await run([
        {
          config: config("hello"),
          stateChecks: [
            stateCheck.attribute("scn_note.n", "length", 5),
            stateCheck.output("read_back", "hello"),
          ],
        },
        { config: config("hello, again"), stateChecks: [stateCheck.attribute("scn_note.n", "length", 12)] },
        { importState: { resourceName: "scn_note.n", id: "greeting", verify: true } },
      ]);
      expect(notes.size).toBe(0);
    });

    it("refuses a write-only value, naming the attribute and the versions that support it, and stores it nowhere", async (ctx) => {
      if (!host.binary) ctx.skip(host.reason);
      await run([
        // Unset, the resource works on this host.
        {
          config: `resource "scn_secret" "s" {
  name             = "admin"
  password_version = 1
}
`,
          stateChecks: [stateCheck.attribute("scn_secret.s", "password_wo", null)],
        },
        {
          config: `variable "password" {
  type    = string
  default = "${SECRET}"
}
resource "scn_secret" "s" {
  name             = "admin"
  password_wo      = var.password
  password_version = 2
}
`,
          expectError:
            /scn_secret\.password_wo is write-only, which needs Terraform 1\.11 or OpenTofu 1\.11 or newer; this Terraform or OpenTofu does not support write-only attributes .* Upgrade it, or leave password_wo unset\./,
          check: async ({ dir }) => {
            expect(await filesHolding(dir, SECRET)).toEqual([]);
          },
        },
      ]);
    });

    it("leaves newer syntax to the host, which refuses it before the provider is asked", async (ctx) => {
      if (!host.binary) ctx.skip(host.reason);
      // Each is this host's own parse error: the provider never hears of the configuration.
      const refused: [string, RegExp][] = [
        [
          'output "u" {\n  value = provider::scn::upper("a")\n}\n',
          /Missing newline after argument|provider::/,
        ],
        ['ephemeral "scn_token" "t" {\n}\n', /Blocks of type "ephemeral" are not expected here/],
        [
          'action "scn_echo" "e" {\n  config {\n    message = "hi"\n  }\n}\n',
          /Blocks of type "action" are not expected here/,
        ],
        ['list "scn_note" "all" {\n  provider = scn\n}\n', /Blocks of type "list" are not expected here/],
      ];
      await run([
        { config: 'resource "scn_note" "n" {\n  name = "kept"\n  text = "x"\n}\n' },
        ...refused.map(([config, expectError]) => ({ config, expectError })),
      ]);
    });
  });
}
