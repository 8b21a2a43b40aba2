// Bundles the provider into the one executable file that goes into the mirror zip as
// terraform-provider-postgresql_v<version>, with tsvider's bundler (see packages/cli): one
// CommonJS script, node-postgres included, inside a launcher that keeps V8's compiled code
// between starts. node-postgres's optional native binding (pg-native) is never loaded.
import { bundleProvider } from "tsvider";

const result = await bundleProvider({
  entry: "src/main.ts",
  outfile: "dist/terraform-provider-postgresql.cjs",
});
for (const warning of result.warnings) console.warn(`bundle warning: ${warning}`);
