// The provider's log as a person reads it: the provider writes hclog JSON lines (one object
// per line, for the host to parse), which `serve --debug` shows on a terminal instead, as
// `HH:MM:SS.mmm LEVEL module: message key=value`, with multi-line values (stack traces) on
// lines of their own. Anything that is not such a line is shown as it is.

export function readableLogLine(line: string): string {
  if (!line.startsWith("{")) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry["@message"] !== "string" || typeof entry["@level"] !== "string") return line;
  const time =
    typeof entry["@timestamp"] === "string"
      ? (/T(\d\d:\d\d:\d\d\.\d{3})/.exec(entry["@timestamp"])?.[1] ?? "")
      : "";
  const module = typeof entry["@module"] === "string" ? `${entry["@module"]}: ` : "";
  const inline: string[] = [];
  const blocks: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (key.startsWith("@")) continue;
    const text = typeof value === "string" ? value : JSON.stringify(value);
    if (text.includes("\n")) blocks.push(`  ${key}:\n${text.replace(/^/gm, "    ")}`);
    else
      inline.push(`${key}=${typeof value === "string" && /\s/.test(value) ? JSON.stringify(value) : text}`);
  }
  const head = [time, entry["@level"].toUpperCase().padEnd(5), `${module}${entry["@message"]}`, ...inline]
    .filter((part) => part !== "")
    .join(" ");
  return [head, ...blocks].join("\n");
}
