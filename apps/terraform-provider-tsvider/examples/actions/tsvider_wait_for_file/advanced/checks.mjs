// The default cycle (the trigger runs after the create), then an invocation that times out:
// the apply fails with the action's diagnostic, naming the path and the timeout.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export async function steps({ run, step, apply, destroy, assert }) {
  await apply();
  const address = "action.tsvider_wait_for_file.never";
  const failed = await step("apply -invoke, timing out", () =>
    run(["apply", `-invoke=${address}`, "-auto-approve", "-no-color"], { okCodes: [1] }),
  );
  assert.match(failed.stderr, /never\/appears\.txt did not appear within 1s/, failed.stderr);
  assert.match(failed.stderr, /Raise timeout_seconds if it needs longer/);
  assert.ok(failed.stdout.includes(`Action failed: ${address}`), failed.stdout);
  assert.match(failed.stdout, /waiting for .*never\/appears\.txt \(up to 1s, looking every 0\.2s\)/);
  await destroy();
}

export function afterApply({ dir, assert }) {
  assert.equal(readFileSync(join(dir, "ready", "marker.txt"), "utf8"), "ready\n");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "ready", "marker.txt")), false);
}
