// The reference provider's definition, separate from main.ts so tests can serve it in-process.
import { directoryResource } from "@tsvider/components/directory";
import { fileContentResource } from "@tsvider/components/file-content";
import { fileDataSource } from "@tsvider/components/file-data-source";
import { fileFunctions } from "@tsvider/components/functions";
import { randomTokenEphemeral } from "@tsvider/components/random-token";
import { defineProvider } from "@tsvider/framework";

export const VERSION = "0.1.0";

export const provider = defineProvider({
  name: "tsvider",
  version: VERSION,
  description: "The tsvider reference provider.",
  resources: [fileContentResource(), directoryResource()],
  dataSources: [fileDataSource()],
  ephemeralResources: [randomTokenEphemeral()],
  functions: fileFunctions,
});
