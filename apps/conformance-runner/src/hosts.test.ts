import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BinaryNotFoundError } from "@tsvider/conformance";
import { describe, expect, it } from "vitest";
import { HOSTS_INSTALL, installHosts, parseHostLines, parseHostSet } from "./hosts.js";
import { type AvailableBinary, addHosts, resolveMatrix } from "./matrix.js";

// What `tooling/hosts/install --set all` prints: a built host per line, and the ones it could
// not build with the reason.
const recorded = `tofu 1.6.3 /cache/tsvider/hosts/tofu/1.6.3/tofu
tofu 1.12.6 /cache/tsvider/opentofu/v1.12.6/tofu

terraform 1.5.7 /cache/tsvider/hosts/terraform/1.5.7/terraform
terraform v1.8.5 unavailable github.com/hashicorp/terraform@v1.8.5: module needs go >= 1.22.1, the machine has 1.21
terraform 1.16.4 /cache/with spaces/terraform
tofu 1.7.0 unavailable
`;

describe("host sets", () => {
  it("takes pinned, representative and all", () => {
    expect(parseHostSet("all")).toBe("all");
    expect(() => parseHostSet("oldest")).toThrow('--hosts takes pinned, representative, all, not "oldest"');
  });

  it("reads the lines tooling/hosts/install prints", () => {
    expect(parseHostLines(recorded, "install")).toEqual([
      { kind: "tofu", version: "1.6.3", path: "/cache/tsvider/hosts/tofu/1.6.3/tofu" },
      { kind: "tofu", version: "1.12.6", path: "/cache/tsvider/opentofu/v1.12.6/tofu" },
      { kind: "terraform", version: "1.5.7", path: "/cache/tsvider/hosts/terraform/1.5.7/terraform" },
      {
        kind: "terraform",
        version: "1.8.5",
        unavailable: "github.com/hashicorp/terraform@v1.8.5: module needs go >= 1.22.1, the machine has 1.21",
      },
      { kind: "terraform", version: "1.16.4", path: "/cache/with spaces/terraform" },
      { kind: "tofu", version: "1.7.0", unavailable: "no reason given" },
    ]);
  });

  it("refuses a line it cannot read, naming the line", () => {
    expect(() => parseHostLines("tofu 1.6.3 /a\nopentofu 1.6.3 /b\n", "install")).toThrow(
      'install, line 2 ("opentofu 1.6.3 /b"): the kind must be "tofu" or "terraform"',
    );
    expect(() => parseHostLines("terraform 1.5 /b", "install")).toThrow(
      'install, line 1 ("terraform 1.5 /b"): "1.5" is no version such as 1.5.7',
    );
    expect(() => parseHostLines("terraform 1.5.7", "install")).toThrow(
      'install, line 1 ("terraform 1.5.7"): no path; expected "<kind> <version> <path>" or "<kind> <version> unavailable <reason>"',
    );
  });

  it("says what to do when the install script is not there", async () => {
    const root = await mkdtemp(join(tmpdir(), "tsvider-hosts-"));
    expect(() => installHosts(root, "all")).toThrow(
      `--hosts all needs ${HOSTS_INSTALL}, which is not in ${root}; run with --hosts pinned (the default) or add extra binaries with TSVIDER_EXTRA_BINARIES`,
    );
  });

  it("runs the install script from the repository root and reads what it prints", async () => {
    // A repository whose tooling/hosts/install is a recording of the real one's output.
    const root = await mkdtemp(join(tmpdir(), "tsvider-hosts-"));
    await mkdir(join(root, "tooling", "hosts"), { recursive: true });
    const script = join(root, HOSTS_INSTALL);
    await writeFile(
      script,
      `#!/bin/sh\n[ "$1 $2" = "--set representative" ] || { echo "bad arguments: $*" >&2; exit 2; }\necho "building nothing" >&2\nprintf '%s' '${recorded.replaceAll("'", "'\\''")}'\n`,
      { mode: 0o755 },
    );
    expect(installHosts(root, "representative")).toHaveLength(6);
    expect(() => installHosts(root, "all")).toThrow(
      "tooling/hosts/install --set all exited with 2; its messages are above. Fix what they name, or run with --hosts pinned.",
    );
    await writeFile(script, "#!/bin/sh\n", { mode: 0o755 });
    expect(() => installHosts(root, "all")).toThrow(
      'tooling/hosts/install --set all printed no host; expected a line "<kind> <version> <path>" per host',
    );
  });

  it("adds each built host as a column <kind>-<version>, checked against the real binary", () => {
    const pinned = resolveMatrix();
    const tofu = pinned.find((m) => m.label === "tofu") as AvailableBinary;
    const terraform = pinned.find((m) => m.label === "terraform") as AvailableBinary;
    expect(tofu.missing).toBeUndefined();
    expect(terraform.missing).toBeUndefined();
    // The real Terraform as a host of a matrix holding the pinned OpenTofu only: a column.
    const added = addHosts(
      [tofu],
      [
        { kind: "terraform", version: terraform.version, path: terraform.path },
        { kind: "tofu", version: tofu.version, path: tofu.path },
      ],
      "install",
    );
    expect(added.matrix.map((m) => m.label)).toEqual(["tofu", `terraform-${terraform.version}`]);
    expect(added.matrix[1]).toEqual({
      label: `terraform-${terraform.version}`,
      kind: "terraform",
      version: terraform.version,
      path: terraform.path,
    });
    // The pinned OpenTofu listed as a host adds no column, and says why.
    expect(added.skipped).toEqual([
      {
        kind: "tofu",
        version: tofu.version,
        path: tofu.path,
        why: `the column tofu is tofu ${tofu.version} already`,
      },
    ]);
    // Both pinned binaries as hosts: nothing added.
    expect(
      addHosts(pinned, [{ kind: "terraform", version: terraform.version, path: terraform.path }], "install")
        .matrix,
    ).toEqual(pinned);
  });

  it("refuses a host that is not what its line says, or does not run", () => {
    const pinned = resolveMatrix();
    const tofu = pinned.find((m) => m.label === "tofu") as AvailableBinary;
    expect(() => addHosts([], [{ kind: "tofu", version: "1.6.3", path: tofu.path }], "install")).toThrow(
      `install printed tofu 1.6.3 at ${tofu.path}, but that binary is tofu ${tofu.version}; rebuild it (remove it from the cache) or run with --hosts pinned`,
    );
    expect(() =>
      addHosts([], [{ kind: "terraform", version: tofu.version, path: tofu.path }], "install"),
    ).toThrow(`but that binary is tofu ${tofu.version}`);
    expect(() =>
      addHosts([], [{ kind: "tofu", version: "1.6.3", path: "/nowhere/tofu" }], "install"),
    ).toThrow(BinaryNotFoundError);
    expect(() =>
      addHosts([], [{ kind: "tofu", version: "1.6.3", path: "/nowhere/tofu" }], "install"),
    ).toThrow(
      /install printed tofu 1.6.3 at \/nowhere\/tofu: cannot run .*Rebuild it \(remove it from the cache\) or run with --hosts pinned\./,
    );
  });
});
