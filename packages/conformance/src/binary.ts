// Finding the tofu or terraform binary the tests drive.
import { spawnSync } from "node:child_process";

/**
 * Thrown by `resolveTofu` and `resolveTerraform` when the binary cannot be run; the message says
 * which one was tried and how to provide one.
 */
export class BinaryNotFoundError extends Error {
  override readonly name = "BinaryNotFoundError";
}

/**
 * The tofu to use: $TSVIDER_ACC_BINARY, else $TSVIDER_TOFU, else `tofu` on PATH. In the
 * tsvider repository, `tooling/opentofu/install` prints the pinned build to put in TSVIDER_TOFU.
 */
export function resolveTofu(env: NodeJS.ProcessEnv = process.env): string {
  const candidate = env.TSVIDER_ACC_BINARY || env.TSVIDER_TOFU || "tofu";
  const probe = spawnSync(candidate, ["version"], {
    encoding: "utf8",
    env: { ...env, TF_CLI_CONFIG_FILE: "/dev/null" },
  });
  if (probe.error || probe.status !== 0) {
    throw new BinaryNotFoundError(
      `cannot run "${candidate} version"${probe.error ? `: ${probe.error.message}` : ""}. ` +
        "Set TSVIDER_TOFU to an OpenTofu binary, put tofu on PATH, or run tooling/opentofu/install to build the pinned release.",
    );
  }
  return candidate;
}

/**
 * The terraform to use: $TSVIDER_TERRAFORM, else `terraform` on PATH. In the tsvider
 * repository, `tooling/terraform/install` prints the pinned build (experiments allowed, for
 * state stores and deferred responses) to put in TSVIDER_TERRAFORM; `./dev test` does.
 */
export function resolveTerraform(env: NodeJS.ProcessEnv = process.env): string {
  const candidate = env.TSVIDER_TERRAFORM || "terraform";
  const probe = spawnSync(candidate, ["version"], {
    encoding: "utf8",
    env: { ...env, TF_CLI_CONFIG_FILE: "/dev/null", CHECKPOINT_DISABLE: "1" },
  });
  if (probe.error || probe.status !== 0) {
    throw new BinaryNotFoundError(
      `cannot run "${candidate} version"${probe.error ? `: ${probe.error.message}` : ""}. ` +
        "Set TSVIDER_TERRAFORM to a Terraform binary, put terraform on PATH, or run tooling/terraform/install to build the pinned release.",
    );
  }
  return candidate;
}
