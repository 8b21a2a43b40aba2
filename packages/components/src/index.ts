export { type DirectoryOptions, directoryResource } from "./directory.js";
export { type FileContentOptions, fileContentResource } from "./file-content.js";
export { fileContentList, globMatcher } from "./file-content-list.js";
export { type FileDataSourceOptions, fileDataSource } from "./file-data-source.js";
export { type FsStateStoreOptions, fsStateStore } from "./fs-state-store.js";
export { fileFunctions, joinPathFunction, parseModeFunction, sha256HexFunction } from "./functions.js";
export { type RandomTokenOptions, randomTokenEphemeral } from "./random-token.js";
export { type SecretFileOptions, secretFileResource } from "./secret-file.js";
export { type WriteMarkerOptions, writeMarkerAction } from "./write-marker.js";
