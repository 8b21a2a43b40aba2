// Test-only components: a provider may carry components that exist for its own acceptance
// tests (a resource that fails on demand, one that defers) and that practitioners should
// never see. Marked with `testOnly(...)`, a component of any kind is in the provider's schema
// only when the provider process runs with TSVIDER_TESTMODE=true; otherwise Terraform never
// learns of it, and a configuration naming it gets "unknown type".
//
//   defineProvider({
//     name: "mycloud",
//     resources: [server, testOnly(failingResource)],
//     functions: [testOnly(echoFunction)],
//   });
import type { Provider } from "./provider.js";

/** The environment variable that turns test mode on: `TSVIDER_TESTMODE=true`. */
export const testModeVariable = "TSVIDER_TESTMODE";

const testOnlyComponents = new WeakSet<object>();

/**
 * Marks a component (resource, data source, ephemeral resource, function, list resource,
 * action, state store: whatever a define function returned) as test-only, and returns it.
 */
export function testOnly<C extends object>(component: C): C {
  testOnlyComponents.add(component);
  return component;
}

/** Whether a component was marked with `testOnly`. */
export function isTestOnly(component: unknown): boolean {
  return typeof component === "object" && component !== null && testOnlyComponents.has(component);
}

/** Whether `env` turns test mode on: TSVIDER_TESTMODE set to `true` (or `1`). */
export function inTestMode(env: NodeJS.ProcessEnv): boolean {
  const value = env[testModeVariable]?.trim().toLowerCase();
  return value === "true" || value === "1";
}

/**
 * The provider as a process with environment `env` serves it: in test mode, all of it;
 * otherwise without its test-only components. Every registry of components (each `...ByType`
 * or `...ByName` map of the provider) is filtered by the same check, so a kind added later
 * needs nothing here.
 */
export function providerForEnvironment<P extends Provider>(provider: P, env: NodeJS.ProcessEnv): P {
  if (inTestMode(env)) return provider;
  let filtered: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(provider)) {
    if (!(value instanceof Map) || ![...value.values()].some(isTestOnly)) continue;
    filtered ??= { ...(provider as Record<string, unknown>) };
    filtered[key] = new Map([...value].filter(([, component]) => !isTestOnly(component)));
  }
  if (!filtered) return provider;
  const served = Object.freeze(filtered) as unknown as P;
  wholeProviders.set(served, provider);
  return served;
}

/** Each filtered provider's whole one, for hiddenTestOnlyHint. */
const wholeProviders = new WeakMap<Provider, Provider>();

/**
 * For an "unknown type" error: when `name` is a test-only component this process hides, the
 * sentence that says so and how to show it; empty otherwise.
 */
export function hiddenTestOnlyHint(served: Provider, name: string): string {
  const whole = wholeProviders.get(served);
  if (!whole) return "";
  for (const value of Object.values(whole)) {
    if (value instanceof Map && isTestOnly(value.get(name))) {
      return ` "${name}" is a test-only component: it exists only when the provider runs with ${testModeVariable}=true in its environment.`;
    }
  }
  return "";
}
