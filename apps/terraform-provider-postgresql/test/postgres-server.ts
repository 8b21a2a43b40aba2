// A throwaway PostgreSQL server for the tests: a new cluster (initdb) in a temporary directory,
// started with pg_ctl on 127.0.0.1 at a free port and on a unix socket in that directory,
// stopped and removed afterwards. test/global-setup.ts starts one for the whole suite.
//
// Nothing here installs PostgreSQL: a hook has a timeout, and an apt-get install outlasts it.
// `./dev test` runs tooling/postgres/install before any test starts; a machine without the
// server programs fails here with that command.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

export interface PostgresServer {
  /** 127.0.0.1: where the tests' providers connect, with a password as practitioners do. */
  readonly host: string;
  readonly port: number;
  /** The directory of the unix socket (a `host` starting with `/` means a socket directory). */
  readonly socketDir: string;
  /** The cluster's superuser and its password (scram-sha-256 over TCP, trust on the socket). */
  readonly user: string;
  readonly password: string;
  readonly binDir: string;
}

export interface RunningPostgres extends PostgresServer {
  stop(): Promise<void>;
}

const INSTALL = "tooling/postgres/install (./dev test runs it before the tests)";

/**
 * The directory holding initdb and pg_ctl: TSVIDER_PG_BIN, else initdb's on PATH, else the
 * newest /usr/lib/postgresql/<major>/bin; the places tooling/postgres/install looks.
 */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string {
  const has = (dir: string) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"));
  if (env.TSVIDER_PG_BIN) {
    if (has(env.TSVIDER_PG_BIN)) return env.TSVIDER_PG_BIN;
    throw new Error(
      `TSVIDER_PG_BIN=${env.TSVIDER_PG_BIN} holds no initdb and pg_ctl: point it at PostgreSQL's bin directory, or unset it`,
    );
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) if (dir !== "" && has(dir)) return dir;
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const majors = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) if (has(join(root, major, "bin"))) return join(root, major, "bin");
  }
  throw new Error(
    `PostgreSQL's initdb and pg_ctl are neither on PATH nor in /usr/lib/postgresql/*/bin: run ${INSTALL}, or set TSVIDER_PG_BIN to the directory that holds them`,
  );
}

/**
 * initdb and postgres refuse to run as root (they check the effective user id: a server
 * running as root would hand any database superuser the whole machine, through COPY ... TO
 * PROGRAM for one). When the tests run as root, as they do in containers, the server programs
 * run as an unprivileged user instead: `postgres`, which the distribution's package creates,
 * else `nobody`. Node's spawn sets the child's uid and gid (libuv also drops the supplementary
 * groups), which needs no su, runuser or sudo and no password, and the cluster's directory is
 * given to that user first. Run as anyone else, the programs run as the test's own user.
 */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
      return { uid, gid };
    } catch {
      // No such user; try the next.
    }
  }
  throw new Error(
    "the tests run as root, and PostgreSQL refuses to: create an unprivileged user named postgres (useradd --system postgres) for the test server to run as",
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

function run(
  program: string,
  args: readonly string[],
  as: { uid: number; gid: number } | undefined,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ["ignore", "pipe", "pipe"],
      ...(as === undefined ? {} : { uid: as.uid, gid: as.gid }),
      // The server's own environment: no PG* variable of the machine's changes the cluster.
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8", LC_ALL: "C.UTF-8" },
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      output += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      output += c;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${program} ${args.join(" ")} exited with ${code}:\n${output.trim()}`)),
    );
  });
}

/** Creates and starts a cluster; `stop()` stops it and removes its directory. */
export async function startPostgres(): Promise<RunningPostgres> {
  const binDir = findPostgresBin();
  const as = serverUser();
  const root = await mkdtemp(join(tmpdir(), "tsvider-postgres-"));
  const data = join(root, "data");
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const stop = async () => {
    if (existsSync(join(data, "postmaster.pid"))) {
      await run(join(binDir, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], as).catch(() => {});
    }
    await rm(root, { recursive: true, force: true });
  };
  try {
    if (as !== undefined) await chown(root, as.uid, as.gid);
    const pwfile = join(root, "pwfile");
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (as !== undefined) await chown(pwfile, as.uid, as.gid);
    await run(
      join(binDir, "initdb"),
      [
        "-D",
        data,
        "-U",
        "postgres",
        `--pwfile=${pwfile}`,
        "--auth-local=trust",
        "--auth-host=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C.UTF-8",
        // A throwaway cluster: nothing is worth an fsync.
        "--no-sync",
      ],
      as,
    );
    await rm(pwfile);
    const port = await freePort();
    // A small, unsafe-but-fast server: no fsync, small buffers, enough connections for tofu's
    // parallel applies in two test files at once.
    const options = [
      "-c listen_addresses=127.0.0.1",
      `-c port=${port}`,
      `-c unix_socket_directories=${root}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c shared_buffers=16MB",
      "-c max_connections=60",
    ].join(" ");
    await run(
      join(binDir, "pg_ctl"),
      ["-D", data, "-l", join(root, "server.log"), "-o", options, "-w", "start"],
      as,
    ).catch(async (error: unknown) => {
      const log = await readFile(join(root, "server.log"), "utf8").catch(() => "");
      throw new Error(`${error instanceof Error ? error.message : String(error)}\nserver log:\n${log}`);
    });
    return { host: "127.0.0.1", port, socketDir: root, user: "postgres", password, binDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
