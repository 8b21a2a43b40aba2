// Where the reference provider's build and examples live, relative to this app in the
// workspace.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const appDir = fileURLToPath(new URL("../../terraform-provider-tsvider/", import.meta.url));

export const referenceProvider = {
  namespace: "tsvider",
  type: "tsvider",
  dir: appDir,
  examplesDir: `${appDir}examples`,
  executable: `${appDir}dist/terraform-provider-tsvider.cjs`,
  get version(): string {
    return (JSON.parse(readFileSync(`${appDir}package.json`, "utf8")) as { version: string }).version;
  },
};
