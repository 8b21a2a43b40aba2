// Part 3 under the real tofu: main.tf calls provider::notebook::slug on the titles the data
// source found, and a title with nothing to make a slug of fails the plan with tofu naming the
// parameter and the call's line.
import { readFile } from "node:fs/promises";
import { acceptanceTest, stateCheck } from "@tsvider/conformance";
import { it } from "vitest";
import { provider } from "./src/provider.js";

const mainTf = await readFile(new URL("./main.tf", import.meta.url), "utf8");

it("makes slugs of the titles main.tf finds, and names the argument it cannot use", async () => {
  await acceptanceTest({
    provider,
    address: "notebook/notebook",
    steps: [
      {
        // main.tf as written, and one more call: accents go, the punctuation with them.
        config: `${mainTf}\noutput "accented" {\n  value = provider::notebook::slug("Ça va? Très bien!")\n}\n`,
        stateChecks: [
          stateCheck.output("todo_slugs", ["things-to-do"]),
          stateCheck.output("accented", "ca-va-tres-bien"),
        ],
      },
      {
        config: `${mainTf}\noutput "nothing" {\n  value = provider::notebook::slug("?!")\n}\n`,
        expectError:
          /on main\.tf line \d+, in output "nothing".*Invalid value for "title" parameter: "\?!" has no letters or digits to make a slug of/s,
      },
    ],
  });
});
