// Checks of what provider::tsvider::max returned, run by the conformance runner.
export function afterApply({ outputs, assert, binary, binaryVersion }) {
  assert.deepEqual(outputs.largest, 1000, "the largest volume");
  assert.deepEqual(outputs.share, 54.1, "its percentage of 1850");
  // 2^64 is past int64; the provider writes it exactly (as text, as go-cty 1.19 does), and
  // Terraform 1.8 reads it back as 18446744073709550000 (16 significant digits), where OpenTofu
  // and Terraform 1.9+ keep it exact. Found by running this example on every host of the matrix.
  if (!(binary === "terraform" && binaryVersion.startsWith("1.8.")))
    assert.deepEqual(outputs.big, true, "2^64 compares exactly");
}
