// Shared vitest settings. Tests here start real processes (tofu, provider plugins, the Go
// oracles), so each test may take longer than vitest's 5 s default on a busy machine. The limit
// is a guard against hangs, not a timing assertion: timings belong in apps/bench.
export const sharedTestConfig = {
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
};
