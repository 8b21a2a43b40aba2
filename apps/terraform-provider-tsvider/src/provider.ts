// The reference provider's definition, separate from main.ts so tests can serve it in-process.
import { directoryResource } from "@tsvider/components/directory";
import { fileContentResource } from "@tsvider/components/file-content";
import { fileContentList } from "@tsvider/components/file-content-list";
import { fileDataSource } from "@tsvider/components/file-data-source";
import { fsStateStore } from "@tsvider/components/fs-state-store";
import { fileFunctions } from "@tsvider/components/functions";
import { randomTokenEphemeral } from "@tsvider/components/random-token";
import { secretFileResource } from "@tsvider/components/secret-file";
import { writeMarkerAction } from "@tsvider/components/write-marker";
import { attr, defineProvider } from "@tsvider/framework";
import {
  testDeferredResource,
  testFailingResource,
  testLeaseEphemeral,
  testSlowResource,
} from "./test-components.js";

export const VERSION = "0.1.0";

// One definition, served as a resource and listed by its list resource (the same object).
const fileContent = fileContentResource();

export const provider = defineProvider({
  name: "tsvider",
  version: VERSION,
  description: "The tsvider reference provider.",
  schema: {
    label: attr.string({
      optional: true,
      description:
        "A name for this provider configuration, in the provider's log. Set from a value not known until apply, the provider defers its work to a later plan (Terraform with -allow-deferral; other runs fail, saying so).",
    }),
  },
  // A configuration not known yet (label set from a resource still to be created) defers every
  // resource, data source and ephemeral resource instead of configuring with unknown values.
  deferWhenConfigUnknown: true,
  configure({ config, log }) {
    if (config.label !== null) log.debug("configured", { label: config.label });
  },
  // The test-only ones are served only with TSVIDER_TESTMODE=true (test-components.ts).
  resources: [
    fileContent,
    directoryResource(),
    secretFileResource(),
    testDeferredResource,
    testFailingResource,
    testSlowResource,
  ],
  dataSources: [fileDataSource()],
  ephemeralResources: [randomTokenEphemeral(), testLeaseEphemeral],
  listResources: [fileContentList(fileContent)],
  actions: [writeMarkerAction()],
  stateStores: [fsStateStore()],
  functions: fileFunctions,
});
