"""pyvider-cty's side of apps/bench's cty row (peers.ts): the msgpack decode + encode of one value,
as go-cty's `cty-oracle bench` and apps/bench's cty-rounds.ts time theirs.

Run by the venv's Python that tooling/pyvider/install makes (pyvider-cty comes with pyvider):
`python cty_bench.py FILE`, FILE a JSON object with the value's type in cty's JSON form (`type`)
and its msgpack bytes in hex (`hex`). Checks that the bytes come back the same, then decodes and
re-encodes them for about two seconds (and at least five rounds) and prints the mean time of one
round in nanoseconds.
"""

import json
import sys
import time

from pyvider.cty import parse_tf_type_to_ctytype
from pyvider.cty.codec import cty_from_msgpack, cty_to_msgpack


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python cty_bench.py FILE")
    with open(sys.argv[1], encoding="utf-8") as f:
        given = json.load(f)
    cty_type = parse_tf_type_to_ctytype(given["type"])
    data = bytes.fromhex(given["hex"])

    def round_trip() -> bytes:
        return cty_to_msgpack(cty_from_msgpack(data, cty_type), cty_type)

    if round_trip() != data:
        sys.exit("pyvider-cty did not re-encode the value to the same bytes")
    rounds = 0
    start = time.perf_counter_ns()
    while time.perf_counter_ns() - start < 2_000_000_000 or rounds < 5:
        round_trip()
        rounds += 1
    print((time.perf_counter_ns() - start) // rounds)


if __name__ == "__main__":
    main()
