export { type BundleOptions, type BundleResult, bundleProvider } from "./bundle.js";
export { type LauncherOptions, launcherSource } from "./launcher.js";
