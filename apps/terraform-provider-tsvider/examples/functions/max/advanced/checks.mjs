// Checks of what provider::tsvider::max returned, run by the conformance runner.
export function afterApply({ outputs, assert, binary, binaryVersion }) {
  assert.deepEqual(outputs.largest, 1000, "the largest volume");
  assert.deepEqual(outputs.share, 54.1, "its percentage of 1850");
  // 2^64 is past int64, so it travels as a float64 (as go-cty sends it). Terraform 1.8 reads
  // that back as 18446744073709550000 (16 significant digits); OpenTofu and Terraform 1.9+
  // keep it exact. Found by running this example on every host of the matrix.
  if (!(binary === "terraform" && binaryVersion.startsWith("1.8.")))
    assert.deepEqual(outputs.big, true, "2^64 compares exactly");
}
