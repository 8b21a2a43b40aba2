// The test kit's ephemeral resources: validate, open, renew and close called the way Terraform
// calls them, through the same core functions and the same wire encoding as the tfplugin6
// adapter, with the private bytes Terraform would hold carried from call to call. `cycle`
// drives one instance's whole life and checks what Terraform relies on, including that the
// closed instance's private data is refused afterwards.
import type { DeferralReason } from "../deferral.js";
import { type Diagnostic, Diagnostics } from "../diagnostics.js";
import type { EphemeralResource } from "../ephemeral-resource.js";
import type { Provider } from "../provider.js";
import { closeEphemeralResource } from "../server/close-ephemeral-resource.js";
import { openEphemeralResource } from "../server/open-ephemeral-resource.js";
import type { ProviderServer } from "../server/provider-server.js";
import { renewEphemeralResource } from "../server/renew-ephemeral-resource.js";
import { validateEphemeralResourceConfig } from "../server/validate-ephemeral-resource-config.js";
import type { ObjectValue } from "../values/object-value.js";
import { LifecycleError } from "./lifecycle-error.js";
import { input, overWire, plain, type TestValues } from "./test-values.js";

/** One opened instance, as Terraform holds it between calls. */
export interface EphemeralInstance {
  readonly typeName: string;
  /** The opened value, as decoded from the wire; null when opening failed or was deferred. */
  readonly result: ObjectValue | null;
  /** When the provider asked to be renewed; undefined: never. */
  readonly renewAt: Date | undefined;
  /** The sealed private bytes renew and close send back; undefined when nothing was opened. */
  readonly private: Uint8Array | undefined;
  /** Set when opening was deferred. */
  readonly deferred: DeferralReason | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** What a full open, renew and close cycle of an ephemeral resource gave in the test kit. */
export interface EphemeralCycleResult {
  /** The instance as opened. */
  readonly opened: EphemeralInstance;
  /** The renewAt of each renewal, in order (undefined: no further renewal asked for). */
  readonly renewals: readonly (Date | undefined)[];
  /** Every warning any step gave. */
  readonly warnings: readonly Diagnostic[];
}

/**
 * Runs an ephemeral resource's validate, open, renew and close RPCs in process. Get one from
 * `TestProvider.ephemeral`.
 */
export interface EphemeralTestKit {
  /** ValidateEphemeralResourceConfig. */
  validate(typeName: string, config: TestValues): Promise<{ diagnostics: readonly Diagnostic[] }>;
  /**
   * ValidateEphemeralResourceConfig then OpenEphemeralResource. `deferralAllowed`: whether
   * the request accepts a deferred answer (default false, as OpenTofu and plain Terraform).
   */
  open(
    typeName: string,
    config: TestValues,
    options?: { readonly deferralAllowed?: boolean },
  ): Promise<EphemeralInstance>;
  /** RenewEphemeralResource: the instance with its new private bytes and renewAt. */
  renew(instance: EphemeralInstance): Promise<EphemeralInstance>;
  /** CloseEphemeralResource. */
  close(instance: EphemeralInstance): Promise<{ diagnostics: readonly Diagnostic[] }>;
  /**
   * Open, `renewals` renewals (default: one when open set renewAt, else none), close; then a
   * renew and a close of the closed instance, which must both be refused. Throws
   * LifecycleError at the first step that goes otherwise.
   */
  cycle(
    typeName: string,
    config: TestValues,
    options?: { readonly renewals?: number },
  ): Promise<EphemeralCycleResult>;
}

/** The ephemeral side of a test provider; `ensureConfigured` configures it as Terraform would first. */
export function ephemeralTestKit(
  server: ProviderServer,
  ensureConfigured: (diagnostics: Diagnostics) => Promise<void>,
): EphemeralTestKit {
  const resourceOf = (typeName: string): EphemeralResource => {
    const found = server.provider.ephemeralResourcesByType.get(typeName);
    if (!found) throw unknownEphemeral(server.provider, typeName);
    return found;
  };

  const kit: EphemeralTestKit = {
    async validate(typeName, config) {
      const resource = resourceOf(typeName);
      const diagnostics = new Diagnostics();
      const values = input(resource.schema, config, resource.valueType, diagnostics, "configuration");
      if (values !== undefined)
        diagnostics.append(await validateEphemeralResourceConfig(server, resource, values));
      return { diagnostics: plain(diagnostics) };
    },

    async open(typeName, config, options = {}) {
      const resource = resourceOf(typeName);
      const diagnostics = new Diagnostics();
      const instance = (
        result: ObjectValue | null,
        extra: Partial<Pick<EphemeralInstance, "renewAt" | "private" | "deferred">> = {},
      ): EphemeralInstance => ({
        typeName,
        result,
        renewAt: extra.renewAt,
        private: extra.private,
        deferred: extra.deferred,
        diagnostics: plain(diagnostics),
      });
      await ensureConfigured(diagnostics);
      const values = input(resource.schema, config, resource.valueType, diagnostics, "configuration");
      if (values === undefined || diagnostics.hasErrors) return instance(null);
      diagnostics.append(await validateEphemeralResourceConfig(server, resource, values));
      if (diagnostics.hasErrors) return instance(null);
      const opened = await openEphemeralResource(server, resource, values, options);
      diagnostics.append(opened.diagnostics);
      if (opened.deferred) return instance(null, { deferred: opened.deferred });
      if (opened.result === null) return instance(null);
      const result = overWire(
        opened.result,
        resource.valueType,
        diagnostics,
        `${typeName} open result`,
        true,
      );
      return instance(result ?? null, {
        ...(result ? { private: opened.private } : {}),
        ...(opened.renewAt ? { renewAt: opened.renewAt } : {}),
      });
    },

    async renew(instance) {
      const resource = resourceOf(instance.typeName);
      const renewed = await renewEphemeralResource(server, resource, instance.private);
      return {
        ...instance,
        // A failed renew leaves Terraform holding the data it had.
        private: renewed.private ?? instance.private,
        renewAt: renewed.private ? renewed.renewAt : instance.renewAt,
        diagnostics: plain(renewed.diagnostics),
      };
    },

    async close(instance) {
      const resource = resourceOf(instance.typeName);
      return { diagnostics: plain(await closeEphemeralResource(server, resource, instance.private)) };
    },

    async cycle(typeName, config, options = {}) {
      const warnings: Diagnostic[] = [];
      const ok = (step: string, diagnostics: readonly Diagnostic[]) => {
        if (diagnostics.some((d) => d.severity === "error"))
          throw new LifecycleError(step, "failed", diagnostics);
        warnings.push(...diagnostics);
      };
      const opened = await kit.open(typeName, config);
      ok("open", opened.diagnostics);
      if (opened.result === null || opened.private === undefined)
        throw new LifecycleError("open", "answered no result", opened.diagnostics);
      const renewals: (Date | undefined)[] = [];
      let current = opened;
      const wanted = options.renewals ?? (opened.renewAt ? 1 : 0);
      for (let i = 0; i < wanted; i++) {
        current = await kit.renew(current);
        ok(`renew ${i + 1}`, current.diagnostics);
        renewals.push(current.renewAt);
      }
      ok("close", (await kit.close(current)).diagnostics);
      // Terraform never renews or closes an instance again once closed; a provider that took
      // it would act on something already released.
      const afterClose = await kit.renew(current);
      expectRefusal("renew after close", afterClose.diagnostics, typeName);
      expectRefusal("close after close", (await kit.close(current)).diagnostics, typeName);
      return { opened, renewals, warnings };
    },
  };
  return kit;
}

function expectRefusal(step: string, diagnostics: readonly Diagnostic[], typeName: string): void {
  const summary = `Ephemeral resource ${typeName} was already closed`;
  if (!diagnostics.some((d) => d.severity === "error" && d.summary === summary)) {
    throw new LifecycleError(step, `was not refused with "${summary}"`, diagnostics);
  }
}

function unknownEphemeral(provider: Provider, typeName: string): Error {
  const known = [...provider.ephemeralResourcesByType.keys()].join(", ");
  return new Error(
    `provider ${provider.name} has no ephemeral resource "${typeName}" (it has: ${known || "none"}); list it in defineProvider({ ephemeralResources })`,
  );
}
