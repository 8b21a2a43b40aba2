// The protocol-neutral provider server: the provider definition plus what one provider
// process learns while it runs (its configuration, whether it was asked to stop). The
// per-RPC modules beside this file take it as their first argument.
import type { DataSource } from "../data-source.js";
import { type Metrics, noMetrics } from "../metrics.js";
import { PrivateStateCodec } from "../private-state.js";
import type { Provider } from "../provider.js";
import type { Resource } from "../resource.js";
import { providerForEnvironment } from "../test-mode.js";
import { StopRequestedError } from "../values/handler.js";

export class ProviderServer {
  readonly provider: Provider;
  /** Counts and timings of what this process served; see metrics.ts. */
  readonly metrics: Metrics;
  /** Seals and opens resources' private data, with the secret this process was given. */
  readonly privateState: PrivateStateCodec;
  #stop = new AbortController();
  #providerData: unknown;

  constructor(
    provider: Provider,
    options: { readonly metrics?: Metrics; readonly env?: NodeJS.ProcessEnv } = {},
  ) {
    // Without its test-only components unless the environment asks for test mode.
    this.provider = providerForEnvironment(provider, options.env ?? process.env);
    this.metrics = options.metrics ?? noMetrics;
    this.privateState = PrivateStateCodec.fromEnvironment(
      provider.privateStateSecret,
      options.env ?? process.env,
    );
  }

  resource(typeName: string): Resource | undefined {
    return this.provider.resourcesByType.get(typeName);
  }

  dataSource(typeName: string): DataSource | undefined {
    return this.provider.dataSourcesByType.get(typeName);
  }

  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  get providerData(): unknown {
    return this.#providerData;
  }

  /** Under debug reattach, each walk configures the same process again: the last one wins. */
  setConfigured(data: unknown): void {
    this.#providerData = data;
  }

  stop(): void {
    this.#stop.abort(new StopRequestedError());
  }
}
