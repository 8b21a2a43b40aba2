export { type FileContentOptions, fileContentResource } from "./file-content.js";
