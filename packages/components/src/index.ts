export { type DirectoryOptions, directoryResource } from "./directory.js";
export { type FileContentOptions, fileContentResource } from "./file-content.js";
export { type FileDataSourceOptions, fileDataSource } from "./file-data-source.js";
export { fileFunctions, joinPathFunction, parseModeFunction, sha256HexFunction } from "./functions.js";
export { type RandomTokenOptions, randomTokenEphemeral } from "./random-token.js";
