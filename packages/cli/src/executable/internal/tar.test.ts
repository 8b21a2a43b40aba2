// The tar reader on archives made by the system's tar: plain ustar names, a path longer than
// a header holds (GNU long names and pax headers), and a damaged header.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTarFile } from "./tar.js";

let root: string;
const deep = `package/${"d".repeat(60)}/${"e".repeat(60)}/node`;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-tar-"));
  const src = join(root, "src");
  await mkdir(join(src, "package", "bin"), { recursive: true });
  await mkdir(join(src, deep, ".."), { recursive: true });
  await writeFile(join(src, "package", "README.md"), "readme\n");
  await writeFile(join(src, "package", "bin", "node"), Buffer.alloc(1500, 7), { mode: 0o755 });
  await writeFile(join(src, deep), "deep\n");
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function archive(format: string): Promise<Buffer> {
  const file = join(root, `${format}.tar`);
  execFileSync("tar", [`--format=${format}`, "-cf", file, "-C", join(root, "src"), "package"]);
  return readFile(file);
}

describe("findTarFile", () => {
  for (const format of ["ustar", "gnu", "pax"]) {
    it(`finds files in a ${format} archive, with their mode and paths longer than a name field`, async () => {
      const tar = await archive(format);
      const node = findTarFile(tar, (path) => path === "package/bin/node");
      expect(node?.data).toEqual(Buffer.alloc(1500, 7));
      expect((node?.mode ?? 0) & 0o777).toBe(0o755);
      expect(findTarFile(tar, (path) => path === deep)?.data.toString()).toBe("deep\n");
      expect(findTarFile(tar, (path) => path === "package/missing")).toBeUndefined();
    });
  }

  it("refuses a damaged header", async () => {
    const tar = Buffer.from(await archive("pax"));
    tar[0] = (tar[0] ?? 0) ^ 0xff;
    expect(() => findTarFile(tar, () => true)).toThrow(/header at byte 0 is damaged/);
  });
});
