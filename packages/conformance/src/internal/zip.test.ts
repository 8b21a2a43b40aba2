import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { crc32, createZip } from "./zip.js";

// Python's zipfile is an independent reader of what we write.
const inspect = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
print(json.dumps([[i.filename, i.external_attr >> 16, i.create_system, z.read(i).decode()] for i in z.infolist()]))
`;

describe("createZip", () => {
  it("writes plain file entries with their Unix mode and no directory entries", () => {
    const zip = createZip([
      {
        name: "terraform-provider-x_v1.0.0",
        data: Buffer.from("#!/usr/bin/env node\n".repeat(50)),
        mode: 0o755,
      },
      { name: "README.md", data: Buffer.from("hi"), mode: 0o644 },
    ]);
    const file = join(mkdtempSync(join(tmpdir(), "tsvider-zip-")), "p.zip");
    writeFileSync(file, zip);
    const entries = JSON.parse(execFileSync("python3", ["-c", inspect, file], { encoding: "utf8" }));
    expect(entries).toEqual([
      ["terraform-provider-x_v1.0.0", 0o100755, 3, "#!/usr/bin/env node\n".repeat(50)],
      ["README.md", 0o100644, 3, "hi"],
    ]);
  });
  it("is reproducible: the same entries give the same bytes", () => {
    const entries = [{ name: "f", data: Buffer.from("x"), mode: 0o755 }];
    expect(createZip(entries).equals(createZip(entries))).toBe(true);
  });
  it("refuses directory-like names", () => {
    expect(() => createZip([{ name: "dir/", data: new Uint8Array(), mode: 0o755 }])).toThrowError(
      /not a plain file name/,
    );
  });
  it("computes the standard CRC-32", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  });
});
