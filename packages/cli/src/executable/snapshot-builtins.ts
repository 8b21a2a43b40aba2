// The esbuild plugin a start-up snapshot's bundle is made with. Node cannot save every
// built-in module in a snapshot: tls, http, https and http2 hold native state V8 cannot
// serialize, and loading one of them while the snapshot is built aborts the build. grpc-js
// loads tls and http2 as it is evaluated, and reads HTTP/2's constants at once. So in this
// bundle those four modules are stand-ins that load the real module the first time a
// property is read, which happens once the snapshot is restored and the server starts;
// http2's constants, fixed by the protocol, are carried in the stand-in itself.
import { constants as http2Constants } from "node:http2";
import { createRequire } from "node:module";
import type { Plugin } from "esbuild";

/** The built-in modules Node cannot put in a start-up snapshot (Node 20 to 26). */
export const UNSNAPSHOTTABLE_BUILTINS = ["tls", "http", "https", "http2"] as const;

const NAMESPACE = "tsvider-snapshot-builtin";
const builtinPattern = new RegExp(`^(node:)?(${UNSNAPSHOTTABLE_BUILTINS.join("|")})$`);

export const snapshotSafeBuiltins: Plugin = {
  name: "tsvider-snapshot-safe-builtins",
  setup(b) {
    b.onResolve({ filter: builtinPattern }, (args) =>
      // The stand-in's own require of the real module stays a require.
      args.namespace === NAMESPACE
        ? { path: args.path, external: true }
        : { path: args.path.replace(/^node:/, ""), namespace: NAMESPACE },
    );
    b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: standInSource(args.path),
      loader: "js",
    }));
  },
};

/**
 * A module whose properties are the real module's, loaded on first use. Reading `__esModule`
 * answers undefined without loading: no built-in has it. esbuild's interop for a namespace or
 * default import (`import * as http`) lists the module's keys as the importing module is
 * evaluated, and copies each as a getter: until the module is loaded, the stand-in lists the
 * keys the Node running the build has, and describes each as a getter that loads it.
 */
function standInSource(name: string): string {
  const fixed =
    name === "http2"
      ? `{ __esModule: undefined, constants: Object.freeze(${JSON.stringify(http2Constants)}) }`
      : "{ __esModule: undefined }";
  const keys = Object.getOwnPropertyNames(builtinModule(name));
  return `"use strict";
let loaded;
const load = () => (loaded ??= require(${JSON.stringify(`node:${name}`)}));
const fixed = ${fixed};
const keys = ${JSON.stringify(keys)};
module.exports = new Proxy(Object.create(null), {
  get: (_, key) => (Object.hasOwn(fixed, key) ? fixed[key] : load()[key]),
  set: (_, key, value) => Reflect.set(load(), key, value),
  has: (_, key) => key in load(),
  ownKeys: () => (loaded === undefined ? [...keys] : Reflect.ownKeys(loaded)),
  getOwnPropertyDescriptor: (_, key) => {
    if (loaded === undefined && keys.includes(key)) {
      return { configurable: true, enumerable: true, get: () => load()[key], set: (value) => { load()[key] = value; } };
    }
    const found = Reflect.getOwnPropertyDescriptor(load(), key);
    return found && { ...found, configurable: true };
  },
});
`;
}

function builtinModule(name: string): object {
  return createRequire(import.meta.url)(`node:${name}`) as object;
}
