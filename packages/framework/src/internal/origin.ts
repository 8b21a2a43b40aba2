// Where each component was defined, so a start-up error about two of them (the same type name
// twice) can name both: "defineResource at src/server.ts:12:16" and "class Server
// (@hub.resource) at src/legacy.ts:8:1". The call stack is captured when the component is
// defined and only formatted when an error needs it, which keeps start-up fast.
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

interface Origin {
  /** How it was defined: `defineResource`, `class Server (@hub.resource)`. */
  readonly how: string;
  /** Holds the captured stack; V8 formats it on first read of `stack`. */
  readonly trace: { stack?: string };
}

const origins = new WeakMap<object, Origin>();

/**
 * Records that `component` was made by `how`; `below` is the function the author called (the
 * stack is cut there, so its first frame is the author's call). Returns the component.
 */
// biome-ignore lint/complexity/noBannedTypes: any function can mark where the stack is cut.
export function rememberOrigin<T extends object>(component: T, how: string, below: Function): T {
  const trace: { stack?: string } = {};
  // One frame, the author's call, is all describeOrigin reads. A deeper capture would also keep
  // every function below it alive until the stack is formatted, and with them the scripts they
  // came from: at start-up, that is the launcher of a bundled provider, whose file holds a
  // second copy of the whole bundle (2.5 MB of the reference provider's heap).
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 1;
  try {
    Error.captureStackTrace(trace, below);
  } finally {
    Error.stackTraceLimit = limit;
  }
  origins.set(component, { how, trace });
  return component;
}

/** Copies the origin of one object to another made from it (a class's definition object). */
export function copyOrigin<T extends object>(from: object, to: T, how?: string): T {
  const origin = origins.get(from);
  if (origin) origins.set(to, how === undefined ? origin : { how, trace: origin.trace });
  return to;
}

/** `defineResource at src/server.ts:12:16`, or a plain description when nothing was recorded. */
export function describeOrigin(component: object, fallback: string): string {
  const origin = origins.get(component);
  if (!origin) return fallback;
  const where = firstFrame(origin.trace.stack);
  return where ? `${origin.how} at ${where}` : origin.how;
}

function firstFrame(stack: string | undefined): string | undefined {
  const line = stack?.split("\n").find((l) => l.trimStart().startsWith("at "));
  if (!line) return undefined;
  // "    at fn (file:///x/y.ts:1:2)" or "    at file:///x/y.ts:1:2"
  const location = /\((.*)\)\s*$/.exec(line)?.[1] ?? line.trim().slice(3);
  return shorten(location);
}

function shorten(location: string): string {
  let text = location;
  if (text.startsWith("file://")) {
    const match = /^(file:\/\/.*?)(:\d+:\d+)?$/.exec(text);
    try {
      text = fileURLToPath(match?.[1] ?? text) + (match?.[2] ?? "");
    } catch {
      return location;
    }
  }
  if (text.startsWith("/")) {
    const rel = relative(process.cwd(), text);
    if (!rel.startsWith("..")) return rel;
  }
  return text;
}

/** A value that should have been a component, named for an error message. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === "function") return `the class or function ${value.name || "(anonymous)"}`;
  if (typeof value === "object" && "typeName" in value)
    return `an object with typeName "${String(value.typeName)}"`;
  return `a ${typeof value}`;
}
