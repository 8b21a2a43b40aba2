// The provider protocol5.test.ts runs init, apply, plans and destroy with over protocol 5: the
// reference provider's components protocol 5 can describe (tsvider_file_content, tsvider_file),
// on the same framework and components, bundled as the shipped provider is (installTestProvider)
// so that each of the many starts a provider per command makes loads one file.
import { fileContentResource } from "@tsvider/components/file-content";
import { fileDataSource } from "@tsvider/components/file-data-source";
import { defineProvider, serve } from "@tsvider/framework";

// Only when run as the provider (bundled); importing this module serves nothing.
if (process.env.TF_PLUGIN_MAGIC_COOKIE !== undefined) {
  const provider = defineProvider({
    name: "tsvider",
    // The reference provider's version (src/provider.ts), which the test installs it as.
    version: "0.1.0",
    resources: [fileContentResource()],
    dataSources: [fileDataSource()],
  });
  serve(provider, { address: "tsvider/tsvider" }).catch((err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exitCode = 1;
  });
}
