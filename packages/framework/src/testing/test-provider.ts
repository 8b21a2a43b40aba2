// The in-process test kit: a provider's RPCs called the way tofu calls them, without gRPC.
// Each call goes through the same core functions the tfplugin6 adapter calls, with values
// carried through the same msgpack encoding the wire uses (so a value the wire could not carry
// fails here too), the proposed new state computed as Terraform computes it, and the
// framework's checks of plans and results on. What comes back is plain data: values as
// decoded from the wire and diagnostics as { severity, summary, detail, path }.
import { type CtyValue, containsUnknown, Decimal } from "@tsvider/cty";
import type { AttributePath } from "../attribute-path.js";
import type { DataSource } from "../data-source.js";
import type { DeferralReason } from "../deferral.js";
import { type Diagnostic, Diagnostics } from "../diagnostics.js";
import { rememberSecrets } from "../internal/log-values.js";
import type { Provider } from "../provider.js";
import type { Resource } from "../resource.js";
import { applyResourceChange } from "../server/apply-resource-change.js";
import { configureProvider } from "../server/configure-provider.js";
import { plannedIdentity as planIdentity } from "../server/identity-slot.js";
import { importResourceState } from "../server/import-resource-state.js";
import { moveResourceState } from "../server/move-resource-state.js";
import { planResourceChange } from "../server/plan-resource-change.js";
import { proposedNewState } from "../server/proposed-new.js";
import { ProviderServer } from "../server/provider-server.js";
import { readDataSource } from "../server/read-data-source.js";
import { readResource } from "../server/read-resource.js";
import { planPrivate } from "../server/resource-private.js";
import { upgradeResourceIdentity } from "../server/upgrade-resource-identity.js";
import { upgradeResourceState } from "../server/upgrade-resource-state.js";
import { validateDataResourceConfig } from "../server/validate-data-resource-config.js";
import { validateProviderConfig } from "../server/validate-provider-config.js";
import { validateResourceConfig } from "../server/validate-resource-config.js";
import type { JsonValue } from "../state-upgrade.js";
import type { ObjectValue } from "../values/object-value.js";
import { type ActionTestKit, actionTestKit } from "./action.js";
import { type EphemeralTestKit, ephemeralTestKit } from "./ephemeral.js";
import { scopedLikeRpcs } from "./host-scope.js";
import { identityInput, identityOutput } from "./identity-values.js";
import { type LifecycleResult, type LifecycleSteps, runLifecycle } from "./lifecycle.js";
import { type ListTestKit, listTestKit } from "./list.js";
import { type StateStoreTestKit, stateStoreTestKit } from "./state-store.js";
import { input, overWire, plain, type TestValues } from "./test-values.js";

/** Options of `testProvider`: the environment the provider sees and what its `configure` is told. */
export interface TestProviderOptions {
  /**
   * The environment the provider reads (TSVIDER_PRIVATE_STATE_SECRET and so on). Only what is
   * given here: the test process's own environment is not used.
   */
  readonly env?: NodeJS.ProcessEnv;
  /** What `configure` receives as `terraformVersion`; default "1.10.0". */
  readonly terraformVersion?: string;
  /** The module's `provider_meta` block, for providers that declare a metaSchema. */
  readonly providerMeta?: TestValues | null;
  /**
   * Whether the calls accept deferred answers, as Terraform's `-allow-deferral` does; default
   * false, as OpenTofu and plain Terraform. Results then carry `deferred`.
   */
  readonly deferralAllowed?: boolean;
}

/**
 * What `TestProvider.plan` gave: the planned state, the attributes that require replacement,
 * diagnostics, and what `apply` needs next.
 */
export interface PlanResult {
  readonly typeName: string;
  /** The planned state, null for a destroy; undefined when the plan failed. */
  readonly planned: ObjectValue | null | undefined;
  readonly requiresReplace: readonly AttributePath[];
  readonly diagnostics: readonly Diagnostic[];
  /** What apply needs besides the plan: the prior state, the config and the private bytes. */
  readonly prior: ObjectValue | null;
  readonly config: ObjectValue | null;
  readonly private: Uint8Array;
  /** The planned identity, which apply receives: the prior object's; null on create or without identity. */
  readonly plannedIdentity: CtyValue;
  /** Set when the plan was deferred (see TestProviderOptions.deferralAllowed). */
  readonly deferred?: DeferralReason;
}

/**
 * What an apply, read or import in the test provider gave: the new state, private bytes,
 * identity and diagnostics.
 */
export interface StateResult {
  /** The resulting state: null when the object is gone; the prior state when the call failed. */
  readonly state: ObjectValue | null;
  readonly private: Uint8Array;
  readonly diagnostics: readonly Diagnostic[];
  /** The object's identity as the provider answered it; null when it has none. */
  readonly identity: ObjectValue | null;
  /** Set when the read or import was deferred: the state is then as it was (read) or null (import). */
  readonly deferred?: DeferralReason;
}

/**
 * A provider served in process, its RPCs called directly as tofu would call them, for unit tests
 * without a Terraform binary. Make one with `testProvider`.
 */
export interface TestProvider {
  readonly server: ProviderServer;
  /** ValidateProviderConfig then ConfigureProvider, as tofu calls them; null: no provider block. */
  configure(config?: TestValues | null): Promise<{ diagnostics: readonly Diagnostic[] }>;
  /** ValidateResourceConfig or ValidateDataResourceConfig, by the type name. */
  validate(typeName: string, config: TestValues): Promise<{ diagnostics: readonly Diagnostic[] }>;
  /**
   * Validates the config, computes Terraform's proposed new state and plans. `prior: null`
   * plans a create; `config: null` a destroy.
   */
  plan(
    typeName: string,
    request: {
      readonly prior: TestValues | null;
      readonly config: TestValues | null;
      readonly private?: Uint8Array;
      /** The prior object's identity, as Terraform stored it. */
      readonly identity?: TestValues | null;
    },
  ): Promise<PlanResult>;
  /** Applies a plan `plan` returned. */
  apply(typeName: string, plan: PlanResult): Promise<StateResult>;
  read(
    typeName: string,
    state: TestValues,
    options?: { readonly private?: Uint8Array; readonly identity?: TestValues | null },
  ): Promise<StateResult>;
  /**
   * ImportResourceState, by ID or (`{ identity }`, an `import {}` block's identity) by
   * identity: the first state and identity, which tofu then reads.
   */
  importState(typeName: string, target: string | { readonly identity: TestValues }): Promise<StateResult>;
  /** UpgradeResourceIdentity: `identity` as stored JSON of identity version `version`. */
  upgradeIdentity(
    typeName: string,
    request: { readonly version: number; readonly identity: { readonly [attribute: string]: JsonValue } },
  ): Promise<{ identity: ObjectValue | undefined; diagnostics: readonly Diagnostic[] }>;
  /** UpgradeResourceState: `state` as stored JSON of schema version `version`. */
  upgrade(
    typeName: string,
    request: { readonly version: number; readonly state: { readonly [attribute: string]: JsonValue } },
  ): Promise<{ state: ObjectValue | null | undefined; diagnostics: readonly Diagnostic[] }>;
  /**
   * MoveResourceState, as a `moved` block from another resource type asks it: `state` as the
   * source stored it; the result's state is undefined when the move failed.
   */
  move(
    typeName: string,
    request: {
      readonly sourceTypeName: string;
      readonly state: { readonly [attribute: string]: JsonValue };
      /** Defaults to this provider's address on the OpenTofu registry. */
      readonly sourceProviderAddress?: string;
      readonly sourceSchemaVersion?: number;
      readonly sourcePrivate?: Uint8Array;
    },
  ): Promise<{ state: ObjectValue | undefined; private: Uint8Array; diagnostics: readonly Diagnostic[] }>;
  /** ValidateDataResourceConfig then ReadDataSource. */
  readDataSource(
    typeName: string,
    config: TestValues,
  ): Promise<{ state: ObjectValue | null; diagnostics: readonly Diagnostic[]; deferred?: DeferralReason }>;
  /**
   * Create, refresh, a no-op plan, each update (or replacement) with its refresh and no-op
   * plan, then destroy, each step checked as tofu checks it; throws LifecycleError at the
   * first that fails.
   */
  lifecycle(typeName: string, steps: LifecycleSteps): Promise<LifecycleResult>;
  /** Ephemeral resources: validate, open, renew, close, and a whole cycle (ephemeral.ts). */
  readonly ephemeral: EphemeralTestKit;
  /** Actions: validate, plan, and invoke with its progress messages (action.ts). */
  readonly actions: ActionTestKit;
  /** State stores: configure, read and write in chunks, lock, list and delete (state-store.ts). */
  readonly stateStores: StateStoreTestKit;
  /** List resources (validate, the whole stream) and config generation (list.ts). */
  readonly lists: ListTestKit;
}

/** A provider served in-process for unit tests. */
export function testProvider(provider: Provider, options: TestProviderOptions = {}): TestProvider {
  const server = new ProviderServer(provider, { env: options.env ?? {} });
  const terraformVersion = options.terraformVersion ?? "1.10.0";
  const deferral = { deferralAllowed: options.deferralAllowed === true };
  let configured = false;

  const resourceOf = (typeName: string): Resource => {
    const found = server.resource(typeName);
    if (!found) throw unknownType(provider, "resource", typeName);
    return found;
  };
  const dataSourceOf = (typeName: string): DataSource => {
    const found = server.dataSource(typeName);
    if (!found) throw unknownType(provider, "data source", typeName);
    return found;
  };
  /** Tofu configures the provider before any plan, apply, read or import. */
  const ensureConfigured = async (diagnostics: Diagnostics) => {
    if (configured) return;
    configured = true;
    diagnostics.append(await configureProvider(server, { config: null, terraformVersion, ...deferral }));
  };
  const meta = (diagnostics: Diagnostics): ObjectValue | null | undefined => {
    const given = options.providerMeta ?? null;
    const { metaType, metaSchema } = provider;
    if (given === null || metaType === undefined || metaSchema === undefined) return null;
    return input(metaSchema, given, metaType, diagnostics, "provider_meta");
  };

  const kit: TestProvider = {
    server,

    async configure(config = {}) {
      const diagnostics = new Diagnostics();
      configured = true;
      const schema = provider.schema ?? {};
      const values =
        config === null
          ? null
          : input(schema, config, provider.configType, diagnostics, "provider configuration");
      if (values === undefined) return { diagnostics: plain(diagnostics) };
      diagnostics.append(await validateProviderConfig(server, values));
      if (!diagnostics.hasErrors) {
        diagnostics.append(
          await configureProvider(server, { config: values, terraformVersion, ...deferral }),
        );
      }
      return { diagnostics: plain(diagnostics) };
    },

    async validate(typeName, config) {
      const diagnostics = new Diagnostics();
      const component = server.resource(typeName) ?? dataSourceOf(typeName);
      const values = input(component.schema, config, component.valueType, diagnostics, "configuration");
      if (values !== undefined) {
        diagnostics.append(
          component.kind === "resource"
            ? await validateResourceConfig(server, component, values)
            : await validateDataResourceConfig(server, component, values),
        );
      }
      return { diagnostics: plain(diagnostics) };
    },

    async plan(typeName, request) {
      const resource = resourceOf(typeName);
      const diagnostics = new Diagnostics();
      const failed = (prior: ObjectValue | null, config: ObjectValue | null): PlanResult => ({
        typeName,
        planned: undefined,
        requiresReplace: [],
        diagnostics: plain(diagnostics),
        prior,
        config,
        private: request.private ?? new Uint8Array(0),
        plannedIdentity: null,
      });
      await ensureConfigured(diagnostics);
      const { schema, valueType } = resource;
      const prior =
        request.prior === null ? null : input(schema, request.prior, valueType, diagnostics, "prior state");
      const config =
        request.config === null
          ? null
          : input(schema, request.config, valueType, diagnostics, "configuration");
      const providerMeta = meta(diagnostics);
      const priorIdentity = identityInput(resource, request.identity, diagnostics, "prior identity");
      if (
        prior === undefined ||
        config === undefined ||
        providerMeta === undefined ||
        priorIdentity === undefined ||
        diagnostics.hasErrors
      ) {
        return failed(prior ?? null, config ?? null);
      }
      if (config !== null) diagnostics.append(await validateResourceConfig(server, resource, config));
      if (diagnostics.hasErrors) return failed(prior, config);
      // A destroy: tofu sends a null proposal (we advertise plan_destroy).
      const proposed = config === null ? null : proposedNewState(schema, prior, config);
      const result = await planResourceChange(server, resource, {
        priorState: prior,
        proposedNewState: proposed,
        config,
        providerMeta,
        ...deferral,
      });
      diagnostics.append(result.diagnostics);
      const bytes = planPrivate(server, resource, request.private, proposed === null, diagnostics, {
        exists: prior !== null,
      });
      const planned = overWire(result.plannedState, valueType, diagnostics, `${typeName} plan`, true);
      if (planned === undefined || bytes === undefined || diagnostics.hasErrors) return failed(prior, config);
      const plannedIdentity = identityOutput(
        resource,
        planIdentity(resource, { priorState: prior, proposedNewState: proposed, priorIdentity }),
        diagnostics,
        `${typeName} planned identity`,
      );
      return {
        typeName,
        planned,
        requiresReplace: result.requiresReplace,
        diagnostics: plain(diagnostics),
        prior,
        config,
        private: bytes,
        plannedIdentity,
        ...(result.deferred ? { deferred: result.deferred } : {}),
      };
    },

    async apply(typeName, plan) {
      const resource = resourceOf(typeName);
      const diagnostics = new Diagnostics();
      const kept = (): StateResult => ({
        state: plan.prior,
        private: plan.private,
        diagnostics: plain(diagnostics),
        identity: plan.prior === null ? null : (plan.plannedIdentity as ObjectValue | null),
      });
      if (plan.typeName !== typeName) {
        throw new Error(`kit.apply("${typeName}") was given a plan of ${plan.typeName}`);
      }
      if (plan.planned === undefined) {
        diagnostics.addError(
          `The plan of ${typeName} failed, so there is nothing to apply`,
          "Fix the plan's errors first; they are in the plan's diagnostics.",
        );
        return kept();
      }
      if (plan.config !== null && containsUnknown(plan.config)) {
        diagnostics.addError(
          `The configuration of ${typeName} is not wholly known`,
          "Terraform applies only once every configured value is known; plan again with known values.",
        );
        return kept();
      }
      // What ApplyResourceChange carries from the host, whose secrets its diagnostics mask.
      for (const sent of [plan.prior, plan.planned, plan.config]) rememberSecrets(resource.schema, sent);
      await ensureConfigured(diagnostics);
      const providerMeta = meta(diagnostics);
      if (providerMeta === undefined) return kept();
      const result = await applyResourceChange(server, resource, {
        priorState: plan.prior,
        plannedState: plan.planned,
        config: plan.config,
        plannedPrivate: plan.private,
        providerMeta,
        plannedIdentity: plan.plannedIdentity as ObjectValue | null,
      });
      diagnostics.append(result.diagnostics);
      const state = overWire(
        result.newState,
        resource.valueType,
        diagnostics,
        `${typeName} apply result`,
        true,
      );
      if (state === undefined) return kept();
      const identity = identityOutput(
        resource,
        result.newIdentity,
        diagnostics,
        `${typeName} apply identity`,
      );
      return { state, private: result.private, diagnostics: plain(diagnostics), identity };
    },

    async read(typeName, state, readOptions = {}) {
      const resource = resourceOf(typeName);
      const diagnostics = new Diagnostics();
      const stored = readOptions.private ?? new Uint8Array(0);
      await ensureConfigured(diagnostics);
      const current = input(resource.schema, state, resource.valueType, diagnostics, "current state");
      const providerMeta = meta(diagnostics);
      const identity = identityInput(resource, readOptions.identity, diagnostics, "current identity");
      if (current === undefined || providerMeta === undefined || identity === undefined) {
        return { state: null, private: stored, diagnostics: plain(diagnostics), identity: null };
      }
      const result = await readResource(server, resource, current, stored, providerMeta, deferral, identity);
      diagnostics.append(result.diagnostics);
      const newState = overWire(
        result.newState,
        resource.valueType,
        diagnostics,
        `${typeName} read result`,
        true,
      );
      if (newState === undefined) {
        return { state: current, private: stored, diagnostics: plain(diagnostics), identity };
      }
      return {
        state: newState,
        private: result.private,
        diagnostics: plain(diagnostics),
        identity: identityOutput(resource, result.newIdentity, diagnostics, `${typeName} read identity`),
        ...(result.deferred ? { deferred: result.deferred } : {}),
      };
    },

    async importState(typeName, target) {
      const resource = resourceOf(typeName);
      const diagnostics = new Diagnostics();
      await ensureConfigured(diagnostics);
      const byIdentity =
        typeof target === "string"
          ? null
          : identityInput(resource, target.identity, diagnostics, "import identity");
      if (byIdentity === undefined) {
        return { state: null, private: new Uint8Array(0), diagnostics: plain(diagnostics), identity: null };
      }
      const result = await importResourceState(
        server,
        resource,
        byIdentity === null ? (target as string) : { identity: byIdentity },
        deferral,
      );
      diagnostics.append(result.diagnostics);
      const state =
        result.state === undefined
          ? null
          : (overWire(result.state, resource.valueType, diagnostics, `${typeName} imported state`, true) ??
            null);
      const identity = identityOutput(
        resource,
        result.identity ?? null,
        diagnostics,
        `${typeName} imported identity`,
      );
      return {
        state,
        private: result.private ?? new Uint8Array(0),
        diagnostics: plain(diagnostics),
        identity,
        ...(result.deferred ? { deferred: result.deferred } : {}),
      };
    },

    async upgradeIdentity(typeName, request) {
      const resource = resourceOf(typeName);
      const diagnostics = new Diagnostics();
      const result = await upgradeResourceIdentity(server, resource, {
        version: request.version,
        json: new TextEncoder().encode(stringifyJson(request.identity)),
      });
      diagnostics.append(result.diagnostics);
      const identity =
        result.identity === undefined
          ? undefined
          : (identityOutput(resource, result.identity, diagnostics, `${typeName} upgraded identity`) ??
            undefined);
      return { identity, diagnostics: plain(diagnostics) };
    },

    async upgrade(typeName, request) {
      const resource = resourceOf(typeName);
      const diagnostics = new Diagnostics();
      const json = new TextEncoder().encode(stringifyJson(request.state));
      const result = await upgradeResourceState(server, resource, {
        version: request.version,
        json,
        hasFlatmap: false,
      });
      diagnostics.append(result.diagnostics);
      const state =
        result.state === undefined
          ? undefined
          : overWire(result.state, resource.valueType, diagnostics, `${typeName} upgraded state`, true);
      return { state, diagnostics: plain(diagnostics) };
    },

    async move(typeName, request) {
      const resource = resourceOf(typeName);
      const diagnostics = new Diagnostics();
      const result = await moveResourceState(server, resource, {
        source: {
          typeName: request.sourceTypeName,
          providerAddress: request.sourceProviderAddress ?? `registry.opentofu.org/tsvider/${provider.name}`,
          schemaVersion: request.sourceSchemaVersion ?? 0,
        },
        sourceState: new TextEncoder().encode(stringifyJson(request.state)),
        sourcePrivate: request.sourcePrivate,
        sourceIdentity: undefined,
        sourceIdentitySchemaVersion: 0,
      });
      diagnostics.append(result.diagnostics);
      const state =
        result.state === undefined
          ? undefined
          : overWire(result.state, resource.valueType, diagnostics, `${typeName} moved state`, true);
      return { state, private: result.private ?? new Uint8Array(0), diagnostics: plain(diagnostics) };
    },

    async readDataSource(typeName, config) {
      const dataSource = dataSourceOf(typeName);
      const diagnostics = new Diagnostics();
      await ensureConfigured(diagnostics);
      const values = input(dataSource.schema, config, dataSource.valueType, diagnostics, "configuration");
      const providerMeta = meta(diagnostics);
      if (values === undefined || providerMeta === undefined || diagnostics.hasErrors) {
        return { state: null, diagnostics: plain(diagnostics) };
      }
      diagnostics.append(await validateDataResourceConfig(server, dataSource, values));
      if (diagnostics.hasErrors) return { state: null, diagnostics: plain(diagnostics) };
      const result = await readDataSource(server, dataSource, values, providerMeta, deferral);
      diagnostics.append(result.diagnostics);
      const state =
        result.state === null
          ? null
          : (overWire(result.state, dataSource.valueType, diagnostics, `${typeName} read result`, true) ??
            null);
      return {
        state,
        diagnostics: plain(diagnostics),
        ...(result.deferred ? { deferred: result.deferred } : {}),
      };
    },

    lifecycle: (typeName, steps) => runLifecycle(kit, typeName, steps),

    ephemeral: ephemeralTestKit(server, (diagnostics) => ensureConfigured(diagnostics)),
    actions: actionTestKit(server, (diagnostics) => ensureConfigured(diagnostics)),
    stateStores: stateStoreTestKit(server, (diagnostics) => ensureConfigured(diagnostics)),
    lists: listTestKit(server, (diagnostics) => ensureConfigured(diagnostics)),
  };
  return scopedLikeRpcs(kit);
}

/** JSON text with exact numbers: bigints and Decimals written as the numbers they are. */
function stringifyJson(value: JsonValue): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return JSON.stringify(value);
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return `[${value.map(stringifyJson).join(",")}]`;
  if (value instanceof Decimal) return value.text;
  const entries = Object.entries(value as { readonly [key: string]: JsonValue });
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stringifyJson(v)}`).join(",")}}`;
}

function unknownType(provider: Provider, kind: string, typeName: string): Error {
  const known = [
    ...(kind === "resource" ? provider.resourcesByType : provider.dataSourcesByType).keys(),
  ].join(", ");
  return new Error(
    `provider ${provider.name} has no ${kind} "${typeName}" (it has: ${known || "none"}); list it in defineProvider`,
  );
}
