// Invokes the action as a practitioner would (terraform apply -invoke) and checks that
// Terraform printed the echo as the action's progress, as it happened.

const address = "action.tsvider_echo.hello";

export async function steps({ run, step, assert }) {
  // Planning an invocation checks the config and runs the action's plan; nothing runs yet.
  const planned = await step("plan -invoke", () => run(["plan", `-invoke=${address}`, "-no-color"]));
  assert.match(planned.stdout, /Actions: 1 to invoke/);
  assert.doesNotMatch(planned.stdout, /triggered by CLI/);
  const applied = await step("apply -invoke", () =>
    run(["apply", `-invoke=${address}`, "-auto-approve", "-no-color"]),
  );
  const progress = applied.stdout.split("\n").filter((l) => l.startsWith(`Action ${address} `));
  assert.deepEqual(progress, [`Action ${address} (triggered by CLI): Hello from a tsvider action!`]);
  assert.ok(applied.stdout.includes(`Action complete: ${address}`), applied.stdout);
}
