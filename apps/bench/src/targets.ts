// The performance targets tsvider holds itself to, in one place (apps/bench/README.md,
// "Targets", says where each comes from). The benches that print a target take its words from
// here, and the peers bench (peers.ts) checks every target its table measures, so that each run
// says which hold and which do not, rather than leaving the reader to compare.

/** A bound on one measure. */
export interface Target {
  /** The bound in words, as a bench prints it: "at most 1.3x `node -e 0`". */
  readonly rule: string;
  readonly limit: number;
  /** "Ahead of" a peer: the measure must be below the limit, not equal to it. */
  readonly strict?: boolean;
}

export const TARGETS = {
  /** The bundled script, spawn to its handshake line with AutoMTLS. */
  scriptStart: { rule: "at most 1.3x `node -e 0` of its Node", limit: 1.3 },
  /** The single executable (with a start-up snapshot), spawn to its handshake line. */
  executableStart: { rule: "at most 1.1x `node -e 0` of the Node inside", limit: 1.1 },
  /** `tofu apply`, a no-op plan and `destroy` of 10 and 100 resources. */
  smallProjects: { rule: "at most 1.2x the Go terraform-plugin-framework provider", limit: 1.2 },
  /** The same at 1,000 resources, and large lists and sets through plan and apply. */
  aheadOfGo: {
    rule: "ahead of the Go terraform-plugin-framework provider (under 1x)",
    limit: 1,
    strict: true,
  },
  /** The provider's peak resident size over a 1,000-resource apply. */
  peakMemory: { rule: "at most 100 MiB", limit: 100 },
  /** cty msgpack decode + encode of one large value. */
  ctyCodec: { rule: "at most 1x go-cty", limit: 1 },
  /** `tsvider --version` and `--help`, spawn to exit. */
  cliStart: { rule: "at most 1.5x `node -e 0`", limit: 1.5 },
} as const satisfies Record<string, Target>;

/** "met" or "not met", for a bench's line. */
export function verdict(target: Target, measured: number): string {
  const met = target.strict ? measured < target.limit : measured <= target.limit;
  return met ? "met" : "not met";
}
