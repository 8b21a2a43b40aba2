/**
 * File-related provider functions: `sha256_hex`, `join_path` and `parse_mode`.
 *
 * @packageDocumentation
 */
// Provider functions for the reference provider: `provider::tsvider::sha256_hex("x")`,
// `join_path("a", "b")` and `parse_mode("0644")`. Pure and deterministic, as Terraform needs:
// it records a function's results during plan and fails the apply if they change.
import { createHash } from "node:crypto";
import { posix } from "node:path";
// Annotated as ProviderFunction: the inferred types name descriptor types the framework does
// not export, which a declaration file cannot refer to.
import { defineProviderFunction, FunctionError, type ProviderFunction, t } from "@tsvider/framework";

/** The SHA-256 of a string's UTF-8 bytes, as lowercase hex (what `content_hash` holds). */
export const sha256HexFunction: ProviderFunction = defineProviderFunction({
  name: "sha256_hex",
  summary: "SHA-256 of a string, as lowercase hex",
  markdownDescription:
    "Returns the SHA-256 of `input`'s UTF-8 bytes as 64 lowercase hex digits: the value `tsvider_file_content` gives as `content_hash` for the same content.",
  params: [{ name: "input", type: t.string, description: "The string to hash." }],
  returns: t.string,
  run: (input) => createHash("sha256").update(input, "utf8").digest("hex"),
});

/** Path segments joined with `/` and normalized, as POSIX paths are. */
export const joinPathFunction: ProviderFunction = defineProviderFunction({
  name: "join_path",
  summary: "Joins path segments with /",
  description:
    'Joins any number of path segments with / and normalizes the result (no doubled slashes, . and .. resolved). With no segments it returns ".".',
  params: [],
  variadic: { name: "segments", type: t.string, description: "The segments, in order; none may be empty." },
  returns: t.string,
  run: (...segments) => {
    const empty = segments.indexOf("");
    if (empty >= 0) {
      throw new FunctionError(`segment ${empty + 1} is empty; give each segment at least one character`, {
        argument: empty,
      });
    }
    return segments.length === 0 ? "." : posix.join(...segments);
  },
});

/** An octal file mode such as "0644" as its number (420). */
export const parseModeFunction: ProviderFunction = defineProviderFunction({
  name: "parse_mode",
  summary: "Parses an octal file mode",
  markdownDescription: 'Returns the number an octal file mode such as `"0644"` or `"755"` stands for.',
  params: [{ name: "mode", type: t.string, description: "Three or four octal digits." }],
  returns: t.number,
  run: (mode) => {
    if (!/^[0-7]{3,4}$/.test(mode)) {
      throw new FunctionError(
        `"${mode}" is not an octal file mode: give three or four digits from 0 to 7, such as "0644"`,
        { argument: 0 },
      );
    }
    return Number.parseInt(mode, 8);
  },
});

/** Every function above, for `defineProvider({ functions })`. */
export const fileFunctions: readonly ProviderFunction[] = [
  sha256HexFunction,
  joinPathFunction,
  parseModeFunction,
];
