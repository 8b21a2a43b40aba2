// Invokes the action while the marker is missing, and writes the marker from here, as the
// other process would, while Terraform waits. The plan warns that the path does not exist yet.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const address = "action.tsvider_wait_for_file.ready";

export async function steps({ dir, run, step, assert }) {
  const planned = await step("plan -invoke", () => run(["plan", `-invoke=${address}`, "-no-color"]));
  assert.match(planned.stderr + planned.stdout, /ready\/marker\.txt does not exist yet/);
  assert.match(planned.stderr + planned.stdout, /will wait for it for up to 60s/);

  const applied = await step("apply -invoke, marker written meanwhile", async () => {
    const invoking = run(["apply", `-invoke=${address}`, "-auto-approve", "-no-color"]);
    // The other process: it writes the marker a little later (the action waits up to 60 s).
    const writer = setTimeout(() => {
      mkdirSync(join(dir, "ready"), { recursive: true });
      writeFileSync(join(dir, "ready", "marker.txt"), "ready\n");
    }, 3000);
    try {
      return await invoking;
    } finally {
      clearTimeout(writer);
    }
  });
  const progress = applied.stdout
    .split("\n")
    .filter((l) => l.startsWith(`Action ${address} `))
    .map((l) => l.slice(`Action ${address} (triggered by CLI): `.length));
  assert.match(progress.at(-1), /ready\/marker\.txt exists/, applied.stdout);
  // Unless Terraform took longer to start than the writer to write, the wait showed first.
  if (progress.length > 1)
    assert.match(progress[0], /^waiting for .*ready\/marker\.txt \(up to 60s, looking every 0\.5s\)$/);
  assert.ok(applied.stdout.includes(`Action complete: ${address}`), applied.stdout);
}
