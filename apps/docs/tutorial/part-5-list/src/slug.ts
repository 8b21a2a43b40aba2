// provider::notebook::slug: a title made into a name for a file or a URL ("Things to do" →
// "things-to-do"). A function gets its arguments and returns a value, nothing else: no
// providerData, no files, the same answer for the same title every time, as Terraform requires
// of provider functions (it records their results during plan and checks them at apply).
import { defineProviderFunction, FunctionError, t } from "@tsvider/framework";

export const slug = defineProviderFunction({
  name: "slug",
  summary: "Makes a title into a slug",
  markdownDescription:
    'Lowercases the title, turns each run of characters other than letters and digits into one `-`, and trims `-` from both ends: `"Things to do!"` becomes `"things-to-do"`.',
  params: [{ name: "title", type: t.string, description: "The text to make a slug of." }],
  returns: t.string,
  run: (title) => {
    const made = title
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
    if (made === "") {
      // The argument's index (0) makes tofu name the parameter: `Invalid value for "title" parameter`.
      throw new FunctionError(`"${title}" has no letters or digits to make a slug of`, { argument: 0 });
    }
    return made;
  },
});
