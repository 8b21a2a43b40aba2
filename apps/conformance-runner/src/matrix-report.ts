// The matrix as documents for people: matrix.md (Markdown, for a pull request or a CI job's
// summary) and matrix.html (one self-contained page, no script or external file, to open from
// a CI system's artifacts). A row per example, a column per host, each cell its verdict; a
// skip's reason is a numbered note under the table (the same reason, the same number), and in
// the HTML also the cell's tooltip.
import type { Outcome, Verdict } from "./expected-failures.js";
import type { RunReport } from "./report.js";

const WORD: Record<Verdict, string> = {
  pass: "pass",
  fail: "FAIL",
  skip: "skip",
  "expected-fail": "xfail",
  fixed: "FIXED",
};

interface Column {
  readonly label: string;
  /** The header: the label, with the version when the label does not carry it. */
  readonly title: string;
}

interface Cell {
  readonly verdict: Verdict;
  readonly text: string;
  /** The number of the note saying why (skips, failures, expected failures). */
  readonly note?: number;
  readonly why?: string;
}

interface Model {
  readonly columns: readonly Column[];
  readonly rows: readonly { readonly example: string; readonly cells: readonly (Cell | undefined)[] }[];
  /** Notes in order of first use: the reason of a skip, the step and message's first line of a failure. */
  readonly notes: readonly string[];
  readonly totals: readonly Record<Verdict, number>[];
  readonly unavailable: readonly { readonly host: string; readonly reason: string }[];
  /** Some column's cells attached to one provider process each (see REATTACHED). */
  readonly anyReattached: boolean;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

function firstLine(text: string): string {
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function why(o: Outcome): string | undefined {
  switch (o.verdict) {
    case "skip":
      return (
        o.skipReason ?? (o.expectedReason ? `listed as expected to fail: ${o.expectedReason}` : undefined)
      );
    case "fail":
      return `failed at ${o.failure?.step}: ${firstLine(o.failure?.message ?? "")}`;
    case "expected-fail":
      return `expected to fail (${o.expectedReason}); failed at ${o.failure?.step}`;
    case "fixed":
      return `passes, though expected-failures.json lists it (${o.expectedReason}): remove the entry`;
    default:
      return undefined;
  }
}

function model(report: RunReport): Model {
  const outcomes = report.judgement.outcomes;
  const reattached = new Set(outcomes.filter((o) => o.reattached === true).map((o) => o.binary));
  const columns = report.matrix.map((m) => {
    const title =
      m.missing !== undefined
        ? `${m.label} (missing)`
        : m.label.endsWith(m.version)
          ? m.label
          : `${m.label} ${m.version}`;
    return { label: m.label, title: reattached.has(m.label) ? `${title} (reattached)` : title };
  });
  const byCell = new Map(outcomes.map((o) => [`${o.name}\u0000${o.binary}`, o]));
  const notes: string[] = [];
  const noteOf = (text: string) => {
    const i = notes.indexOf(text);
    if (i >= 0) return i + 1;
    notes.push(text);
    return notes.length;
  };
  const examples = [...new Set(outcomes.map((o) => o.name))].sort();
  const rows = examples.map((example) => ({
    example,
    cells: columns.map((c): Cell | undefined => {
      const o = byCell.get(`${example}\u0000${c.label}`);
      if (!o) return undefined;
      const reason = why(o);
      const text = o.verdict === "skip" ? WORD.skip : `${WORD[o.verdict]} ${seconds(o.durationMs)}`;
      return reason === undefined
        ? { verdict: o.verdict, text }
        : { verdict: o.verdict, text, note: noteOf(reason), why: reason };
    }),
  }));
  const totals = columns.map((c) => {
    const t: Record<Verdict, number> = { pass: 0, fail: 0, skip: 0, "expected-fail": 0, fixed: 0 };
    for (const o of outcomes) if (o.binary === c.label) t[o.verdict]++;
    return t;
  });
  const unavailable = (report.hosts?.unavailable ?? []).map((h) => ({
    host: `${h.kind} ${h.version}`,
    reason: h.unavailable,
  }));
  return { columns, rows, notes, totals, unavailable, anyReattached: reattached.size > 0 };
}

/** Under the heading when a column ran that way: what "reattached" means. */
const REATTACHED =
  "Columns marked (reattached): each cell started the provider once, in debug mode, after `init` installed it from the mirror, and every later command attached to that process through TF_REATTACH_PROVIDERS, except in the examples whose requirements.json says why they need a process per command (providerPerCommand). Elsewhere every command starts the provider itself, as a practitioner's run does.";

function total(t: Record<Verdict, number>): string {
  const parts = [`${t.pass} passed`, `${t.fail} failed`, `${t.skip} skipped`];
  if (t["expected-fail"] > 0) parts.push(`${t["expected-fail"]} expected to fail`);
  if (t.fixed > 0) parts.push(`${t.fixed} fixed`);
  return parts.join(", ");
}

function heading(report: RunReport): string {
  const examples = new Set(report.judgement.outcomes.map((o) => o.name)).size;
  return [
    `provider ${report.provider.source === undefined ? "" : `${report.provider.source} `}${report.provider.version}`,
    `${examples} example${examples === 1 ? "" : "s"} on ${report.matrix.length} host${report.matrix.length === 1 ? "" : "s"}`,
    ...(report.hosts ? [`host set: ${report.hosts.set}`] : []),
    ...(report.shard ? [`shard ${report.shard.index}/${report.shard.count}`] : []),
    `started ${report.startedAt}`,
    `took ${seconds(report.durationMs)}`,
    report.judgement.ok ? "result: ok" : "result: FAILED",
  ].join(" · ");
}

function md(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** matrix.md: the heading, the table (with a row of totals), the notes and the hosts not built. */
export function toMarkdown(report: RunReport): string {
  const m = model(report);
  const lines = ["# Conformance matrix", "", heading(report), ""];
  if (m.anyReattached) lines.push(md(REATTACHED), "");
  lines.push(`| example | ${m.columns.map((c) => md(c.title)).join(" | ")} |`);
  lines.push(`| --- | ${m.columns.map(() => "---").join(" | ")} |`);
  for (const row of m.rows)
    lines.push(
      `| \`${md(row.example)}\` | ${row.cells
        .map((c) => (c === undefined ? "" : c.note === undefined ? c.text : `${c.text} [${c.note}]`))
        .join(" | ")} |`,
    );
  lines.push(`| **total** | ${m.totals.map(total).join(" | ")} |`);
  if (m.notes.length > 0) {
    lines.push("", "## Notes", "");
    for (const [i, n] of m.notes.entries()) lines.push(`${i + 1}. ${md(n)}`);
  }
  if (m.unavailable.length > 0) {
    lines.push("", "## Hosts not built", "");
    for (const u of m.unavailable) lines.push(`- ${md(u.host)}: ${md(u.reason)}`);
  }
  for (const s of report.judgement.stale) lines.push("", `STALE: ${md(s)}`);
  return `${lines.join("\n")}\n`;
}

function html(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const CLASS: Record<Verdict, string> = {
  pass: "pass",
  fail: "fail",
  skip: "skip",
  "expected-fail": "xfail",
  fixed: "fixed",
};

const STYLE = `
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5rem; color: #1b1f24; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
h2 { font-size: 1.1rem; margin-top: 1.5rem; }
.meta { color: #57606a; margin-bottom: 1rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d7de; padding: .2rem .5rem; white-space: nowrap; }
thead th { position: sticky; top: 0; background: #f6f8fa; }
tbody th { text-align: left; font-weight: normal; font-family: ui-monospace, monospace; }
td.pass { background: #dafbe1; color: #116329; }
td.fail, td.fixed { background: #ffebe9; color: #a40e26; font-weight: bold; }
td.skip { background: #f6f8fa; color: #6e7781; }
td.xfail { background: #fff8c5; color: #7d4e00; }
td[title] { cursor: help; }
sup a { color: inherit; }
tfoot td { background: #f6f8fa; font-size: .9em; white-space: normal; }
.legend span { display: inline-block; padding: 0 .4rem; margin-right: .4rem; border-radius: 3px; }
.legend .pass { background: #dafbe1; } .legend .fail { background: #ffebe9; }
.legend .skip { background: #f6f8fa; } .legend .xfail { background: #fff8c5; }
`;

/** matrix.html: the same as matrix.md on one page, coloured by verdict, reasons as tooltips and notes. */
export function toHtml(report: RunReport): string {
  const m = model(report);
  const head = `<tr><th>example</th>${m.columns.map((c) => `<th>${html(c.title)}</th>`).join("")}</tr>`;
  const body = m.rows
    .map(
      (row) =>
        `<tr><th>${html(row.example)}</th>${row.cells
          .map((c) =>
            c === undefined
              ? "<td></td>"
              : `<td class="${CLASS[c.verdict]}"${c.why === undefined ? "" : ` title="${html(c.why)}"`}>${html(c.text)}${
                  c.note === undefined ? "" : `<sup><a href="#note-${c.note}">${c.note}</a></sup>`
                }</td>`,
          )
          .join("")}</tr>`,
    )
    .join("\n");
  const foot = `<tr><th>total</th>${m.totals.map((t) => `<td>${html(total(t))}</td>`).join("")}</tr>`;
  const parts = [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>tsvider conformance matrix</title>",
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    "<h1>Conformance matrix</h1>",
    `<p class="meta">${html(heading(report))}</p>`,
    ...(m.anyReattached ? [`<p>${html(REATTACHED)}</p>`] : []),
    '<p class="legend"><span class="pass">pass</span><span class="fail">FAIL / FIXED</span><span class="skip">skip</span><span class="xfail">xfail (expected to fail)</span> Point at a cell for its reason; the numbers lead to the notes.</p>',
    `<table>\n<thead>${head}</thead>\n<tbody>\n${body}\n</tbody>\n<tfoot>${foot}</tfoot>\n</table>`,
  ];
  if (m.notes.length > 0)
    parts.push(
      "<h2>Notes</h2>",
      `<ol>\n${m.notes.map((n, i) => `<li id="note-${i + 1}">${html(n)}</li>`).join("\n")}\n</ol>`,
    );
  if (m.unavailable.length > 0)
    parts.push(
      "<h2>Hosts not built</h2>",
      `<ul>\n${m.unavailable.map((u) => `<li>${html(u.host)}: ${html(u.reason)}</li>`).join("\n")}\n</ul>`,
    );
  if (report.judgement.stale.length > 0)
    parts.push(
      "<h2>Stale expected failures</h2>",
      `<ul>\n${report.judgement.stale.map((s) => `<li>${html(s)}</li>`).join("\n")}\n</ul>`,
    );
  parts.push("</body>", "</html>", "");
  return parts.join("\n");
}
