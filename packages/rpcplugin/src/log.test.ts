import { describe, expect, it } from "vitest";
import { createLogger, formatEntry, hclogTimestamp, logLevelFromEnv } from "./log.js";

describe("logLevelFromEnv", () => {
  it("reads TF_LOG_PROVIDER before TF_LOG, as Terraform does", () => {
    expect(logLevelFromEnv({ TF_LOG_PROVIDER: "warn", TF_LOG: "trace" })).toBe("warn");
    expect(logLevelFromEnv({ TF_LOG: "DEBUG" })).toBe("debug");
  });
  it("logs nothing when no level is set, or OFF", () => {
    expect(logLevelFromEnv({})).toBe("off");
    expect(logLevelFromEnv({ TF_LOG: "" })).toBe("off");
    expect(logLevelFromEnv({ TF_LOG: "off" })).toBe("off");
  });
  it("takes JSON and unrecognised values as TRACE", () => {
    expect(logLevelFromEnv({ TF_LOG: "JSON" })).toBe("trace");
    expect(logLevelFromEnv({ TF_LOG: "verbose" })).toBe("trace");
  });
});

describe("createLogger", () => {
  const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
  function capture(level: Parameters<typeof createLogger>[0]) {
    const lines: string[] = [];
    const logger = createLogger({ ...level, write: (l) => lines.push(l), now: () => at });
    return { logger, lines };
  }

  it("writes one hclog JSON object per line, with a six-digit fraction in the timestamp", () => {
    const { logger, lines } = capture({ level: "info", module: "provider" });
    logger.info("created", { id: "x1", size: 3n });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(JSON.parse(lines[0]!)).toEqual({
      "@level": "info",
      "@message": "created",
      "@module": "provider",
      "@timestamp": "2026-01-02T03:04:05.678000Z",
      id: "x1",
      size: "3",
    });
    // Terraform's layout, 2006-01-02T15:04:05.000000Z07:00.
    expect(hclogTimestamp(at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it("drops lines below the level", () => {
    const { logger, lines } = capture({ level: "warn" });
    logger.trace("t");
    logger.debug("d");
    logger.info("i");
    logger.warn("w");
    logger.error("e");
    expect(lines.map((l) => JSON.parse(l)["@level"])).toEqual(["warn", "error"]);
    expect(logger.enabled("info")).toBe(false);
  });

  it("writes nothing at all when off", () => {
    const { logger, lines } = capture({ level: "off" });
    logger.error("e");
    expect(lines).toEqual([]);
  });

  it("adds fields and module names for parts of a program", () => {
    const { logger, lines } = capture({ level: "trace", module: "provider" });
    logger.named("resource").with({ type: "tsvider_file" }).debug("planning", { "@level": "spoof" });
    expect(JSON.parse(lines[0]!)).toMatchObject({
      "@module": "provider.resource",
      "@level": "debug",
      type: "tsvider_file",
      level: "spoof",
    });
  });

  it("keeps a line whose field JSON cannot hold", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(
      JSON.parse(formatEntry("error", "odd", "m", { cyclic, err: new Error("boom") }, at)),
    ).toMatchObject({
      "@message": "odd",
      cyclic: "[object Object]",
      err: "boom",
    });
  });
});
