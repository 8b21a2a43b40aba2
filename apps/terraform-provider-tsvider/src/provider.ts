// The reference provider's definition, separate from main.ts so tests can serve it in-process.

import { collectionFunctions } from "@tsvider/components/collection-functions";
import { echoAction } from "@tsvider/components/echo";
import { envVariablesDataSource } from "@tsvider/components/env-variables";
import { fileContentResource } from "@tsvider/components/file-content";
import { fileContentList } from "@tsvider/components/file-content-list";
import { fileDataSource } from "@tsvider/components/file-data-source";
import { fileInfoDataSource } from "@tsvider/components/file-info";
import { fsStateStore } from "@tsvider/components/fs-state-store";
import { fileFunctions } from "@tsvider/components/functions";
import { hclDecodeFunction } from "@tsvider/components/hcl-decode";
import { httpApiDataSource } from "@tsvider/components/http-api";
import { leaseEphemeral } from "@tsvider/components/lease";
import { createLensJqFunction, lensJqDataSource } from "@tsvider/components/lens-jq";
import { localDirectoryResource } from "@tsvider/components/local-directory";
import { createNestedDataProcessorFunction } from "@tsvider/components/nested-data-processor";
import { nestedResourceTestResource } from "@tsvider/components/nested-resource-test";
import { numericFunctions } from "@tsvider/components/numeric-functions";
import { privateStateVerifierResource } from "@tsvider/components/private-state-verifier";
import {
  type ApiSettings,
  apiProviderSchema,
  apiSettings,
  checkLensSettings,
  checkTestModeSetting,
  type LensSettings,
  lensProviderSchema,
  lensSettings,
  testModeProviderSchema,
} from "@tsvider/components/provider-config";
import { providerConfigReaderDataSource } from "@tsvider/components/provider-config-reader";
import { randomTokenEphemeral } from "@tsvider/components/random-token";
import { secretFileResource } from "@tsvider/components/secret-file";
import { secretNoteList, secretNoteResource } from "@tsvider/components/secret-note";
import { stringFunctions } from "@tsvider/components/string-functions";
import {
  mixedMapTestDataSource,
  simpleMapTestDataSource,
  structuredObjectTestDataSource,
} from "@tsvider/components/structure-test-data";
import { timedTokenResource } from "@tsvider/components/timed-token";
import { waitForFileAction } from "@tsvider/components/wait-for-file";
import { warningExampleResource } from "@tsvider/components/warning-example";
import { writeMarkerAction } from "@tsvider/components/write-marker";
import { attr, defineProvider, testOnly } from "@tsvider/framework";
import { LENS_JQ_TIME_LIMIT_VARIABLE, lensJqTimeLimitFromEnv, refusingFunction } from "./lens-jq-limits.js";
import {
  testDeferredResource,
  testFailingResource,
  testLeaseEphemeral,
  testSlowResource,
} from "./test-components.js";

export const VERSION = "0.1.0";

// One definition, served as a resource and listed by its list resource (the same object).
const fileContent = fileContentResource();
const secretNote = secretNoteResource();

// jq's time limit: 10 s unless TSVIDER_LENS_JQ_TIME_LIMIT_MS says otherwise (lens-jq-limits.ts).
// A value that is not a limit keeps the default for the data source, which the provider's
// validation then refuses, and makes the function refuse every call, naming the variable.
const jqTime = lensJqTimeLimitFromEnv(process.env);
const jqLimits =
  jqTime.problem === undefined && jqTime.timeLimitMs !== undefined ? { timeLimitMs: jqTime.timeLimitMs } : {};
const lensJqFunction =
  jqTime.problem === undefined
    ? createLensJqFunction(jqLimits)
    : refusingFunction(createLensJqFunction(), jqTime.problem);

export const provider = defineProvider({
  name: "tsvider",
  version: VERSION,
  description: "The tsvider reference provider.",
  schema: {
    label: attr.string({
      optional: true,
      description:
        "A name for this provider configuration, in the provider's log. Set from a value not known until apply (the id of a resource still to be created), the provider defers its work to a later plan: Terraform with `-allow-deferral` plans in rounds; other runs, and OpenTofu, fail with an error saying so.",
    }),
    // api_endpoint, api_token, api_timeout, api_retries, api_insecure_skip_verify, api_headers.
    ...apiProviderSchema,
    // pyvider's other settings: tsvider_testmode (its pyvider_testmode), lens_enabled, lens_jq_path.
    ...testModeProviderSchema,
    ...lensProviderSchema,
  },
  // Warnings only: a test mode setting the environment contradicts, an unused lens_jq_path.
  validateConfig({ config, diagnostics }) {
    checkTestModeSetting(config.tsvider_testmode, diagnostics);
    checkLensSettings(config, diagnostics);
    if (jqTime.problem !== undefined)
      diagnostics.addError(`${LENS_JQ_TIME_LIMIT_VARIABLE} is not a time limit`, jqTime.problem);
  },
  // A configuration not known yet (label set from a resource still to be created) defers every
  // resource, data source and ephemeral resource instead of configuring with unknown values.
  deferWhenConfigUnknown: true,
  configure({ config, log }): ApiSettings & LensSettings {
    if (config.label !== null) log.debug("configured", { label: config.label });
    // The provider data every component receives: tsvider_http_api and
    // tsvider_provider_config_reader read the API settings, tsvider_lens_jq the lens ones.
    return { ...apiSettings(config), ...lensSettings(config) };
  },
  // The test-only ones are served only with TSVIDER_TESTMODE=true (test-components.ts).
  resources: [
    fileContent,
    localDirectoryResource(),
    secretFileResource(),
    timedTokenResource(),
    warningExampleResource(),
    testOnly(privateStateVerifierResource()),
    testOnly(secretNote),
    testOnly(nestedResourceTestResource()),
    testDeferredResource,
    testFailingResource,
    testSlowResource,
  ],
  dataSources: [
    lensJqDataSource(jqLimits),
    fileDataSource(),
    fileInfoDataSource(),
    envVariablesDataSource(),
    httpApiDataSource(),
    providerConfigReaderDataSource(),
    testOnly(simpleMapTestDataSource()),
    testOnly(mixedMapTestDataSource()),
    testOnly(structuredObjectTestDataSource()),
  ],
  ephemeralResources: [randomTokenEphemeral(), leaseEphemeral(), testLeaseEphemeral],
  listResources: [fileContentList(fileContent), testOnly(secretNoteList(secretNote))],
  actions: [writeMarkerAction(), echoAction(), waitForFileAction()],
  stateStores: [fsStateStore()],
  functions: [
    ...fileFunctions,
    ...numericFunctions,
    ...stringFunctions,
    ...collectionFunctions,
    lensJqFunction,
    hclDecodeFunction,
    testOnly(createNestedDataProcessorFunction()),
  ],
});
