// The two package hashes Terraform and OpenTofu record in .terraform.lock.hcl.
import { createHash } from "node:crypto";

/**
 * `h1:` (Go's dirhash Hash1): for each file, in byte-wise name order, a line of
 * `"<hex sha256 of content>  <name>\n"`; then the base64 (padded) SHA-256 of those lines.
 */
export function h1Hash(files: ReadonlyArray<{ readonly name: string; readonly data: Uint8Array }>): string {
  const lines = [...files]
    .sort((a, b) => Buffer.compare(Buffer.from(a.name, "utf8"), Buffer.from(b.name, "utf8")))
    .map((f) => {
      if (f.name.includes("\n")) throw new Error(`file name ${JSON.stringify(f.name)} contains a newline`);
      return `${createHash("sha256").update(f.data).digest("hex")}  ${f.name}\n`;
    })
    .join("");
  return `h1:${createHash("sha256").update(lines, "utf8").digest("base64")}`;
}

/** `zh:`: the hex SHA-256 of the whole zip archive, as registries publish in SHA256SUMS. */
export function zhHash(zip: Uint8Array): string {
  return `zh:${createHash("sha256").update(zip).digest("hex")}`;
}
