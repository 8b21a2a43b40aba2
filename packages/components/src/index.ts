/**
 * Ready-made resources, data sources, functions, ephemeral resources, actions and a state store,
 * written with `@tsvider/framework`, to register in any provider or read as examples.
 *
 * @packageDocumentation
 * @mergeModuleWith <project>
 */
export {
  collectionFunctions,
  containsFunction,
  lengthFunction,
  lookupFunction,
  tostringFunction,
} from "./collection-functions.js";
export { type EchoOptions, echoAction } from "./echo.js";
export { type EnvVariablesOptions, envVariablesDataSource } from "./env-variables.js";
export { type FileContentOptions, fileContentResource } from "./file-content.js";
export { fileContentList, globMatcher } from "./file-content-list.js";
export { type FileDataSourceOptions, fileDataSource } from "./file-data-source.js";
export { type FileInfoOptions, fileInfoDataSource } from "./file-info.js";
export { type FsStateStoreOptions, fsStateStore } from "./fs-state-store.js";
export { fileFunctions, joinPathFunction, parseModeFunction, sha256HexFunction } from "./functions.js";
export { decodeHcl, HclDecodeError, hclDecodeFunction } from "./hcl-decode.js";
export { type HttpApiOptions, httpApiDataSource } from "./http-api.js";
export { type LeaseFile, type LeaseOptions, leaseEphemeral } from "./lease.js";
export { type LensJqOptions, lensJqDataSource, lensJqFunction } from "./lens-jq.js";
export { type LocalDirectoryOptions, localDirectoryResource } from "./local-directory.js";
export {
  createNestedDataProcessorFunction,
  type NestedDataProcessorOptions,
  nestedDataProcessorFunction,
} from "./nested-data-processor.js";
export { type NestedResourceTestOptions, nestedResourceTestResource } from "./nested-resource-test.js";
export {
  addFunction,
  divideFunction,
  maxFunction,
  minFunction,
  multiplyFunction,
  numericFunctions,
  roundFunction,
  subtractFunction,
  sumFunction,
} from "./numeric-functions.js";
export {
  type PrivateStateVerifierOptions,
  privateStateVerifierResource,
  verifierSecret,
} from "./private-state-verifier.js";
export {
  type ApiProviderConfig,
  type ApiSettings,
  apiDefaults,
  apiProviderSchema,
  apiSettings,
  apiSettingsOf,
  checkLensSettings,
  checkTestModeSetting,
  type LensProviderConfig,
  type LensSettings,
  lensProviderSchema,
  lensSettings,
  lensSettingsOf,
  testModeProviderSchema,
} from "./provider-config.js";
export {
  type ProviderConfigReaderOptions,
  providerConfigReaderDataSource,
} from "./provider-config-reader.js";
export { type RandomTokenOptions, randomTokenEphemeral } from "./random-token.js";
export { type SecretFileOptions, secretFileResource } from "./secret-file.js";
export {
  noteDigest,
  noteIndexPath,
  noteIndexVariable,
  type RecordedNote,
  readNoteIndex,
  type SecretNoteOptions,
  secretNoteList,
  secretNoteResource,
} from "./secret-note.js";
export {
  formatFunction,
  formatSizeFunction,
  joinFunction,
  lowerFunction,
  pluralizeFunction,
  replaceFunction,
  splitFunction,
  stringFunctions,
  toCamelCaseFunction,
  toKebabCaseFunction,
  toSnakeCaseFunction,
  truncateFunction,
  upperFunction,
} from "./string-functions.js";
export {
  canonicalHash,
  mixedMapTestDataSource,
  simpleMapTestDataSource,
  structuredObjectTestDataSource,
  type TestDataSourceOptions,
} from "./structure-test-data.js";
export { parseLifetime, type TimedTokenOptions, timedTokenResource } from "./timed-token.js";
export { type WaitForFileOptions, waitForFileAction } from "./wait-for-file.js";
export { type WarningExampleOptions, warningExampleResource } from "./warning-example.js";
export { type WriteMarkerOptions, writeMarkerAction } from "./write-marker.js";
