// Invoked on its own: the marker is written, and Terraform shows each step as it happens.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const address = "action.tsvider_write_marker.deployed";

export async function steps({ dir, run, step, assert }) {
  const applied = await step("apply -invoke", () =>
    run(["apply", `-invoke=${address}`, "-auto-approve", "-no-color"]),
  );
  assert.equal(readFileSync(join(dir, "markers", "deployed.txt"), "utf8"), "deployed\n");
  const progress = applied.stdout.split("\n").filter((l) => l.startsWith(`Action ${address} `));
  assert.equal(progress.length, 3, applied.stdout);
  assert.match(progress.at(-1), /wrote .*markers\/deployed\.txt$/);
}
