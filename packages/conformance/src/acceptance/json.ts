// The parts of `show -json` output (of the state, and of a saved plan) the acceptance harness
// reads. Both tofu and terraform print these shapes (their "JSON output format" pages); fields
// the harness does not read are left out.

/** One resource instance in `show -json` of the state. */
export interface ShownResource {
  readonly address: string;
  readonly mode: "managed" | "data";
  readonly type: string;
  readonly name: string;
  readonly index?: string | number;
  readonly provider_name?: string;
  readonly schema_version?: number;
  readonly values: Record<string, unknown>;
  readonly sensitive_values?: Record<string, unknown>;
  /** Resource identity (Terraform 1.12+, OpenTofu 1.12+), when the resource has one. */
  readonly identity?: Record<string, unknown>;
  readonly identity_schema_version?: number;
}

/** A module in `show -json` output: its resources and child modules. */
export interface ShownModule {
  readonly address?: string;
  readonly resources?: readonly ShownResource[];
  readonly child_modules?: readonly ShownModule[];
}

/** An output value in `show -json` output. */
export interface ShownOutput {
  readonly value: unknown;
  readonly sensitive: boolean;
  readonly type?: unknown;
}

/** `show -json` of the state. An empty state has no `values`. */
export interface ShownState {
  readonly format_version?: string;
  readonly terraform_version?: string;
  readonly values?: {
    readonly outputs?: Record<string, ShownOutput>;
    readonly root_module?: ShownModule;
  };
}

/** An action in a planned change, as `show -json` of a plan writes it. */
export type PlanAction = "no-op" | "create" | "read" | "update" | "delete" | "forget";

/** A planned change in `show -json` output: the actions, and the values before and after. */
export interface ShownChange {
  readonly actions: readonly PlanAction[];
  readonly before: unknown;
  readonly after: unknown;
  /** Mirrors `after`, with `true` where a value is unknown until apply. */
  readonly after_unknown?: unknown;
  readonly before_sensitive?: unknown;
  /** Mirrors `after`, with `true` where a value is sensitive. */
  readonly after_sensitive?: unknown;
  readonly before_identity?: unknown;
  readonly after_identity?: unknown;
  /** Present when the change imports the object: by `id` or by `identity`. */
  readonly importing?: { readonly id?: string; readonly identity?: unknown };
}

/** A resource's planned change in `show -json` output, with the resource's address and type. */
export interface ShownResourceChange {
  readonly address: string;
  readonly mode: "managed" | "data";
  readonly type: string;
  readonly name: string;
  readonly action_reason?: string;
  readonly change: ShownChange;
}

/** `show -json` of a saved plan. */
export interface ShownPlan {
  readonly format_version?: string;
  readonly terraform_version?: string;
  readonly resource_changes?: readonly ShownResourceChange[];
  readonly output_changes?: Record<string, ShownChange>;
  readonly planned_values?: ShownState["values"];
  readonly prior_state?: ShownState;
  readonly errored?: boolean;
}

/** Every resource instance in the state, in child modules too. */
export function allResources(state: ShownState): ShownResource[] {
  const found: ShownResource[] = [];
  const walk = (module: ShownModule | undefined) => {
    if (!module) return;
    found.push(...(module.resources ?? []));
    for (const child of module.child_modules ?? []) walk(child);
  };
  walk(state.values?.root_module);
  return found;
}

export function findResource(state: ShownState, address: string): ShownResource | undefined {
  return allResources(state).find((r) => r.address === address);
}

/** An attribute path: `"a.0.b"` (dots between names and list indexes) or its parts. */
export type AttributePath = string | readonly (string | number)[];

export function pathParts(path: AttributePath): (string | number)[] {
  if (typeof path !== "string") return [...path];
  return path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export function formatPath(path: AttributePath): string {
  return typeof path === "string" ? path : path.join(".");
}

/** What `value` holds at `path`; `found` is false when some step along it is missing. */
export function valueAt(value: unknown, path: AttributePath): { found: boolean; value: unknown } {
  let current = value;
  for (const part of pathParts(path)) {
    if (Array.isArray(current) && typeof part === "number" && part < current.length) {
      current = current[part];
    } else if (
      current !== null &&
      typeof current === "object" &&
      !Array.isArray(current) &&
      Object.hasOwn(current, String(part))
    ) {
      current = (current as Record<string, unknown>)[String(part)];
    } else {
      return { found: false, value: undefined };
    }
  }
  return { found: true, value: current };
}

/**
 * Whether a mirror such as `after_unknown` or `after_sensitive` holds `true` at `path` or at
 * any prefix of it: a whole unknown object makes every attribute in it unknown.
 */
export function flaggedAt(mirror: unknown, path: AttributePath): boolean {
  let current = mirror;
  for (const part of pathParts(path)) {
    if (current === true) return true;
    if (current === null || typeof current !== "object") return false;
    current = Array.isArray(current)
      ? typeof part === "number"
        ? current[part]
        : undefined
      : (current as Record<string, unknown>)[String(part)];
  }
  return current === true;
}
