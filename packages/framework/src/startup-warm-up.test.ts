import { describe, expect, it } from "vitest";
import { defineProviderFunction } from "./function.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import { t } from "./schema/types.js";
import { answerAuthorFreeRpcs } from "./startup-warm-up.js";

// Every piece of the author's code records that it ran (a throw would only become a diagnostic).
const ran: string[] = [];
const authorCode = (): never => {
  ran.push(new Error().stack?.split("\n")[2]?.trim() ?? "?");
  throw new Error("the warm-up ran the author's code");
};

const provider = defineProvider({
  name: "warm",
  version: "1.0.0",
  schema: { region: attr.string({ optional: true, validators: [authorCode] }) },
  configure: authorCode,
  resources: [
    defineResource({
      typeName: "warm_thing",
      schema: { name: attr.string({ required: true, requiresReplace: true, validators: [authorCode] }) },
      create: authorCode,
      read: authorCode,
      delete: authorCode,
    }),
  ],
  functions: [
    defineProviderFunction({
      name: "shout",
      params: [{ name: "s", type: t.string }],
      returns: t.string,
      run: authorCode,
    }),
  ],
});

describe("the start-up snapshot's warm-up", () => {
  it("answers the metadata, schema, identity and function RPCs of both protocols, and runs no author code", async () => {
    expect(await answerAuthorFreeRpcs(provider)).toEqual([
      "5:getMetadata",
      "5:getSchema",
      "5:getResourceIdentitySchemas",
      "5:getFunctions",
      "6:getMetadata",
      "6:getProviderSchema",
      "6:getResourceIdentitySchemas",
      "6:getFunctions",
    ]);
    expect(ran).toEqual([]);
  });
});
