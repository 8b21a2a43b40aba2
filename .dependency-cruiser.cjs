// The layers inside packages/framework/src, as ARCHITECTURE.md ("Layers inside
// packages/framework/src") states them, checked by `pnpm run lint`:
//
//   depcruise packages/framework/src --config .dependency-cruiser.cjs
//
// Bottom to top: the floor (attribute-path.ts, diagnostics.ts, metrics.ts); the schema's
// descriptions (schema/ but check.ts and defaults.ts); internal/; values/; the schema's start-up checks; the author API
// (the other top-level files); server/; protocol/; v5/ and v6/; testing/; hub.ts; and the
// serving files (serve.ts, startup-warm-up.ts, protocol-services.ts) with the entry point
// index.ts. Each rule forbids one kind of import that would point up; no-cycle and the rules
// after it forbid import cycles. Type-only imports count (tsPreCompilationDeps): a type reaching
// up ties the layers together as much as a value does. Tests and their support files
// (*.test.ts, *.test-d.ts, *.test-support.ts) are left out: a test may drive any layer.
// packages/framework/src/layers.test.ts shows each rule refusing an import that breaks it.

/** A pattern for a path under packages/framework/src/. */
const at = (pattern) => `^packages/framework/src/${pattern}`;

const everything = at("");
/** Attribute paths, diagnostics and metrics: every layer may use them; they import nothing of the package. */
const floor = at("(attribute-path|diagnostics|metrics)\\.ts$");
/** The files that start and export the provider; nothing else imports them. */
const serving = at("(index|serve|startup-warm-up|protocol-services)\\.ts$");

/**
 * The import cycles kept on purpose, each inside one group: a definition and its own types.
 * Each closes through an `import type` (no-runtime-cycle holds them to that), and
 * ARCHITECTURE.md lists them with the reason each stays.
 */
const keptCycles = {
  resource: {
    members: at("(resource|identity|move|state-upgrade)\\.ts$"),
    why: "resource.ts runs the start-up checks of identity.ts, move.ts and state-upgrade.ts, whose handlers' contexts extend ResourceContext, which resource.ts declares",
  },
  "schema-types": {
    members: at("schema/(schema|attributes|blocks|nested|infer)\\.ts$"),
    why: "a schema holds attributes, nested attributes and blocks, which hold schemas: the types of schema/schema.ts, attributes.ts, blocks.ts and nested.ts are recursive, and so are those infer.ts works out from them",
  },
  "test-kit": {
    members: at("testing/(test-provider|lifecycle)\\.ts$"),
    why: "TestProvider (testing/test-provider.ts) has a lifecycle method, which runLifecycle (testing/lifecycle.ts) implements with that TestProvider",
  },
};
const keptCycleMembers = Object.values(keptCycles).map((group) => group.members);

/** A rule: no module that `from` matches imports one that `to` matches. */
const forbid = (name, comment, from, to) => ({ name, severity: "error", comment, from, to });

/** A rule: the modules of `layer` import nothing of the package but `layer` and `allowed`. */
const importsOnly = (name, comment, layer, allowed) =>
  forbid(name, comment, { path: layer }, { path: everything, pathNot: [layer, ...allowed] });

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      "author-api-not-engine",
      "The author API (the top-level files of src/ but the serving ones) is what an author writes and the checks a definition passes when it is made. The engine (server/) and the protocols (protocol/, v5/, v6/) are built on it and it never reaches into them: what the author API shares with the engine lives in values/.",
      { path: at("[^/]+\\.ts$"), pathNot: serving },
      { path: at("(server|protocol|v5|v6)/") },
    ),
    forbid(
      "hub-above-definitions",
      "The hub is a thin layer that gathers definitions into defineProvider's lists: hub.ts imports them (and the type of those lists from provider.ts), never the other way round. So no definition imports hub.ts; only the entry point index.ts does.",
      { path: everything, pathNot: at("index\\.ts$") },
      { path: at("hub\\.ts$") },
    ),
    importsOnly(
      "schema-below-author-api",
      "schema/ describes attributes, blocks and their types, and checks a schema at start-up. It sits under the author API and apart from the engine: it imports only schema/, values/ (a default is checked as config is) and the floor (attribute-path.ts, diagnostics.ts, metrics.ts).",
      at("schema/"),
      [at("values/"), floor],
    ),
    importsOnly(
      "values-at-the-bottom",
      "values/ holds what the author API, the schema and the engine all do with values (ObjectValue, nesting, walk positions, config checks, numbers as authors see them, completing returned objects, running author code). It sits under the author API, the engine and the schema's start-up checks: it imports only values/, internal/ (logging), the schema's descriptions and the floor (attribute-path.ts, diagnostics.ts, metrics.ts).",
      at("values/"),
      [at("internal/"), at("schema/"), floor],
    ),
    forbid(
      "values-not-schema-checks",
      "Of schema/, values/ reads only the descriptions (schema.ts, attributes.ts, blocks.ts, nested.ts, types.ts, contains.ts, ...), never the start-up checks: check.ts and defaults.ts check defaults with values/, and importing them back would close a loop.",
      { path: at("values/") },
      { path: at("schema/(check|defaults)\\.ts$") },
    ),
    importsOnly(
      "internal-below-all",
      "internal/ is logging, log masking, RPC instrumentation and the origin of definitions, used by every layer. It imports only internal/, the schema's descriptions (to find sensitive attributes) and the floor (attribute-path.ts, diagnostics.ts, and metrics.ts, which the RPC instrumentation feeds).",
      at("internal/"),
      [at("schema/"), floor],
    ),
    forbid(
      "engine-protocol-neutral",
      "server/ is the protocol-neutral engine, one module per RPC taking the ProviderServer. How a protocol carries a request is above it: it never imports protocol/, v5/ or v6/.",
      { path: at("server/") },
      { path: at("(protocol|v5|v6)/") },
    ),
    forbid(
      "protocol-under-adapters",
      "protocol/ is what protocols 5 and 6 share: the adapters in v5/ and v6/ are built on it, never the other way round.",
      { path: at("protocol/") },
      { path: at("(v5|v6)/") },
    ),
    forbid(
      "adapters-apart",
      "Each protocol's adapter stands alone: v5/ and v6/ never import each other, so a process serving one protocol never loads the other's.",
      { path: at("(v5|v6)/") },
      { path: at("(v5|v6)/"), pathNot: at("$1/") },
    ),
    forbid(
      "testing-on-top",
      "testing/ is the public ./testing kit, built on server/ and protocol/; the package proper never imports it.",
      { path: everything, pathNot: at("testing/") },
      { path: at("testing/") },
    ),
    forbid(
      "serving-on-top",
      "serve.ts, startup-warm-up.ts and protocol-services.ts start a provider, and index.ts is the package's entry point: they sit on top of every layer, and only they import one another.",
      { path: everything, pathNot: serving },
      { path: serving },
    ),
    importsOnly(
      "floor",
      "attribute-path.ts (where in a value something is), diagnostics.ts (how every problem reaches the user) and metrics.ts (the provider's Prometheus metrics) are used by every layer, so they import nothing else of the package.",
      floor,
      [],
    ),
    forbid(
      "no-cycle",
      "No import cycles: a module and whatever it imports, directly or not, never import it back. The only exceptions are the groups of keptCycles in this file (a definition and its own types), each listed in ARCHITECTURE.md with the reason it stays.",
      { path: everything, pathNot: keptCycleMembers },
      { circular: true },
    ),
    ...Object.entries(keptCycles).map(([group, { members, why }]) =>
      forbid(
        `no-cycle-beyond-${group}`,
        `A cycle is kept here because ${why}. It stays among those files: a cycle that also runs through any other module is refused as no-cycle refuses it.`,
        { path: members },
        { circular: true, via: { pathNot: members } },
      ),
    ),
    forbid(
      "no-runtime-cycle",
      "Even a kept cycle closes through an `import type`, which is erased when compiled: no module may be evaluated before a module it needs has been.",
      { path: everything },
      { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    ),
  ],
  options: {
    includeOnly: everything,
    exclude: { path: "\\.(test|test-d|test-support)\\.ts$" },
    tsPreCompilationDeps: true,
    // By its absolute path: given a relative one, dependency-cruiser 17 looks for the file the
    // tsconfig extends (../../tooling/tsconfig.base.json) from the wrong directory.
    tsConfig: { fileName: `${__dirname}/packages/framework/tsconfig.json` },
  },
};
