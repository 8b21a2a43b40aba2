/**
 * Testing providers against the real `tofu` and `terraform` binaries: install a provider
 * into a filesystem mirror with lock-file hashes, drive working directories through the CLI,
 * and run acceptance steps (apply, plan checks, import, state checks) like terraform-plugin-testing.
 *
 * @packageDocumentation
 */
export * from "./acceptance/index.js";
export { BinaryNotFoundError, resolveTerraform, resolveTofu } from "./binary.js";
export {
  type DebugProvider,
  DebugProviderError,
  type DebugProviderExit,
  type DebugProviderOptions,
  installedProviderExecutable,
  reattachValue,
  startDebugProvider,
} from "./debug-provider.js";
export { h1Hash, zhHash } from "./hashes.js";
export { type LockedProvider, parseLockFile } from "./lock-file.js";
export {
  currentPlatform,
  DEFAULT_MIRROR_HOSTS,
  installProviderMirror,
  type MirrorInstall,
  type MirrorInstallOptions,
  mirrorCliConfig,
} from "./mirror.js";
export {
  defineSweepers,
  type RunSweepersOptions,
  runSweepers,
  type SweepContext,
  type Sweeper,
  type SweeperOutcome,
  type SweeperSet,
  type SweepReport,
  type SweepResult,
} from "./sweepers.js";
export { CommandFailedError, type CommandResult, Workdir, type WorkdirOptions } from "./workdir.js";
