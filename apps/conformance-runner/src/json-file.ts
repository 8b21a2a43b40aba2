// Reading the runner's own JSON files (requirements.json, the expected-failures list, the
// recorded durations): a missing file is the caller's default, a file that is not JSON is an
// error naming it.
import { readFile } from "node:fs/promises";

/** The parsed contents of `file`, or `undefined` when it does not exist. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${file}: not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}
