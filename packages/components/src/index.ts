export { type DirectoryOptions, directoryResource } from "./directory.js";
export { type FileContentOptions, fileContentResource } from "./file-content.js";
export { type FileDataSourceOptions, fileDataSource } from "./file-data-source.js";
