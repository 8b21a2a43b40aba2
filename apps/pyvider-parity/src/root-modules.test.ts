// The root-module pass's own reading: which actions it invokes, which files it writes first,
// what it takes from Terraform's JSON lines and from a state file. The pass itself runs in
// parity.test.ts, against pyvider and Terraform.
import { describe, expect, it } from "vitest";
import { awaitedFiles, readStep, shownFromStateFile, standaloneActions } from "./root-modules.js";

describe("standaloneActions", () => {
  it("invokes the actions no resource triggers, and reads no trigger from a comment", () => {
    const source = `resource "x_file" "f" {
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.x_echo.triggered]
    }
  }
}
action "x_echo" "triggered" {
  config { message = "a" }
}
action "x_echo" "alone" {
  config { message = "b" }
}
# A trigger shown in a comment triggers nothing:
#   actions = [action.x_echo.alone]
`;
    expect(standaloneActions(source)).toEqual(["action.x_echo.alone"]);
  });
});

describe("awaitedFiles", () => {
  it("names the files long waits look for under the module, not short ones or computed paths", () => {
    const source = `action "x_wait_for_file" "ready" {
  config {
    path            = "\${path.module}/ready/marker.txt"
    timeout_seconds = 60
  }
}
action "x_wait_for_file" "never" {
  config {
    path            = "\${path.module}/never.txt"
    timeout_seconds = 1
  }
}
action "x_wait_for_file" "default" {
  config {
    path = "\${path.module}/default.txt"
  }
}
action "x_wait_for_file" "computed" {
  config {
    path            = x_file.f.filename
    timeout_seconds = 60
  }
}
`;
    expect(awaitedFiles(source)).toEqual(["ready/marker.txt", "default.txt"]);
  });
});

describe("readStep", () => {
  it("keeps each action's events in order, the query's results per list, and the diagnostics", () => {
    const hook = (addr: string, more: object) => ({ action: { addr }, ...more });
    const lines = [
      { type: "version", terraform: "1.16.4" },
      { type: "action_start", hook: hook("action.x_echo.a", {}) },
      { type: "action_progress", hook: hook("action.x_echo.a", { message: "one" }) },
      { type: "action_start", hook: hook("action.x_echo.b", {}) },
      { type: "action_progress", hook: hook("action.x_echo.a", { message: "two" }) },
      { type: "action_errored", hook: hook("action.x_echo.b", { error: "it broke" }) },
      { type: "action_complete", hook: hook("action.x_echo.a", {}) },
      {
        type: "list_resource_found",
        list_resource_found: { address: "list.x_note.all", display_name: "n1", identity: { name: "n1" } },
      },
      {
        type: "diagnostic",
        diagnostic: {
          severity: "warning",
          summary: "careful",
          detail: "d",
          range: { filename: "main.tf", start: { line: 3 } },
        },
      },
    ];
    const step = readStep(1, `${lines.map((l) => JSON.stringify(l)).join("\n")}\nnot JSON\n`);
    expect(step.ok).toBe(false);
    expect(Object.fromEntries(step.actions)).toEqual({
      "action.x_echo.a": ["start", "progress: one", "progress: two", "complete"],
      "action.x_echo.b": ["start", "errored: it broke"],
    });
    expect(Object.fromEntries(step.found)).toEqual({
      "list.x_note.all": [{ display_name: "n1", identity: { name: "n1" } }],
    });
    expect(step.diagnostics).toEqual([
      { severity: "warning", summary: "careful", detail: "d", module: undefined, where: "main.tf:3" },
    ]);
  });
});

describe("shownFromStateFile", () => {
  it("gives a state file's resources and outputs the addresses and shape `show -json` prints", () => {
    const state = shownFromStateFile(
      JSON.stringify({
        version: 4,
        outputs: {
          hash: { value: "abc", type: "string" },
          secret: { value: "s", type: "string", sensitive: true },
        },
        resources: [
          {
            mode: "managed",
            type: "x_file",
            name: "notes",
            instances: [
              { index_key: "a.txt", attributes: { filename: "a.txt" } },
              { index_key: "b.txt", attributes: { filename: "b.txt" } },
            ],
          },
          { mode: "data", type: "x_info", name: "i", instances: [{ attributes: { size: 3 } }] },
          {
            module: "module.m",
            mode: "managed",
            type: "x_file",
            name: "n",
            instances: [{ index_key: 0, attributes: {} }],
          },
        ],
      }),
    );
    expect(state.values?.outputs).toEqual({
      hash: { value: "abc", sensitive: false },
      secret: { value: "s", sensitive: true },
    });
    expect(state.values?.root_module?.resources?.map((r) => [r.address, r.values])).toEqual([
      ['x_file.notes["a.txt"]', { filename: "a.txt" }],
      ['x_file.notes["b.txt"]', { filename: "b.txt" }],
      ["data.x_info.i", { size: 3 }],
      ["module.m.x_file.n[0]", {}],
    ]);
  });
});
