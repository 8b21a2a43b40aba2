import { describe, expect, it } from "vitest";
import { readableLogLine } from "./log-lines.js";

describe("readableLogLine", () => {
  it("shows an hclog line as time, level, module, message and fields, multi-line values below", () => {
    const line = JSON.stringify({
      "@level": "error",
      "@message": "acme_server create threw",
      "@module": "provider",
      "@timestamp": "2026-11-21T17:19:45.788000Z",
      tf_rpc: "ApplyResourceChange",
      note: "two words",
      error: "Error: boom\n    at create (/p/src/main.ts:4:30)",
    });
    expect(readableLogLine(line)).toBe(
      [
        '17:19:45.788 ERROR provider: acme_server create threw tf_rpc=ApplyResourceChange note="two words"',
        "  error:",
        "    Error: boom",
        "        at create (/p/src/main.ts:4:30)",
      ].join("\n"),
    );
  });

  it("passes anything else through", () => {
    expect(readableLogLine("Debugger listening on ws://127.0.0.1:9229/x")).toBe(
      "Debugger listening on ws://127.0.0.1:9229/x",
    );
    expect(readableLogLine("{not json")).toBe("{not json");
    expect(readableLogLine('{"a":1}')).toBe('{"a":1}');
  });
});
