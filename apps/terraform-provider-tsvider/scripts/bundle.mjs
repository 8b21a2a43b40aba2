// Bundles the provider into the one executable file that goes into the mirror zip as
// terraform-provider-tsvider_v<version>, with tsvider's bundler (see packages/cli): one
// CommonJS script inside a launcher that keeps V8's compiled code between starts.
import { bundleProvider } from "tsvider";

await bundleProvider({ entry: "src/main.ts", outfile: "dist/terraform-provider-tsvider.cjs" });
