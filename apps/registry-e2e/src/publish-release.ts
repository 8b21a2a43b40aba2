// Publishes a release staged by the release tooling (stageRelease) to the local registry with
// the packing a release uses and without a process per package. A release's `changeset publish`
// runs `pnpm publish` in each package, which packs it (pnpm's pack, turning `workspace:` ranges
// into real ones) and hands the tarball to `npm publish`, which PUTs it to the registry; around
// that, changesets and the release tooling ask the registry for each package with `npm info` and
// `npm view`. That is some thirty Node processes of a second's CPU each for seven packages.
// Here one `pnpm -r pack` runs the same pack for every package, and each tarball goes to the
// registry in the request `npm publish` makes (libnpmpublish's document: the tarball's
// package.json with `dist`, and the tarball itself as an attachment), from this process. The
// tarball, which is what a user's npm installs, is byte for byte a release's. What npm would
// add is its normalization of package.json fields in the registry's metadata (`./` dropped
// from `bin` paths, a string `bugs` made an object), which npm applies again when it installs.
//
// The release path itself (changesets, `pnpm publish`, `npm publish`) still meets the registry
// in version-skew.test.ts, whose patch release of @tsvider/cty goes through the release
// tooling's publishPatch.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { run } from "./support.js";
import { readTarball } from "./tarball.js";

export interface PackedPackage {
  readonly name: string;
  readonly version: string;
  /** The tarball's path. */
  readonly file: string;
}

/**
 * Packs every package of the staged release in `workDir` with one `pnpm -r pack` into
 * `destination`; returns the tarballs of the packages in `versions` (the public ones).
 */
export async function packStaged(options: {
  workDir: string;
  destination: string;
  versions: Record<string, string>;
  env: NodeJS.ProcessEnv;
}): Promise<PackedPackage[]> {
  const { workDir, destination, versions, env } = options;
  const args = ["-r", "pack", "--json", "--pack-destination", destination];
  const command = `pnpm ${args.join(" ")}`;
  const { stdout } = await run("pnpm", args, { cwd: workDir, env });
  // One package packs to an object, several to an array.
  const parsed = JSON.parse(stdout) as PackResult | PackResult[];
  const packed = new Map((Array.isArray(parsed) ? parsed : [parsed]).map((pkg) => [pkg.name, pkg]));
  return Object.entries(versions).map(([name, version]) => {
    const pkg = packed.get(name);
    if (pkg === undefined || pkg.version !== version) {
      throw new Error(
        `${command} in ${workDir} packed ${pkg === undefined ? "no" : `version ${pkg.version} of`} ${name}, where the staged release has ${version}`,
      );
    }
    return { name, version, file: pkg.filename };
  });
}

/** What `pnpm pack --json` reports for each package. */
interface PackResult {
  name: string;
  version: string;
  /** The tarball's absolute path. */
  filename: string;
}

/**
 * Publishes one tarball as `npm publish <tarball>` does (a PUT of the package's document to
 * the registry, with the token of a user that may publish); the dist-tag and access come from
 * the package's publishConfig, as they do for npm, else `latest` and public.
 */
export async function publishTarball(options: {
  registry: string;
  token: string;
  file: string;
}): Promise<void> {
  const { registry, token, file } = options;
  const data = await readFile(file);
  const { manifest } = readTarball(data, file);
  const { name, version } = manifest;
  const publishConfig = (manifest.publishConfig ?? {}) as { tag?: string; access?: string };
  const tarballName = `${name}-${version}.tgz`;
  const body = {
    _id: name,
    name,
    description: manifest.description,
    "dist-tags": { [publishConfig.tag ?? "latest"]: version },
    versions: {
      [version]: {
        ...manifest,
        _id: `${name}@${version}`,
        _nodeVersion: process.versions.node,
        dist: {
          integrity: `sha512-${createHash("sha512").update(data).digest("base64")}`,
          shasum: createHash("sha1").update(data).digest("hex"),
          tarball: new URL(`${name}/-/${tarballName}`, registry).href,
        },
      },
    },
    access: publishConfig.access ?? "public",
    _attachments: {
      [tarballName]: {
        content_type: "application/octet-stream",
        data: data.toString("base64"),
        length: data.length,
      },
    },
  };
  const response = await fetch(new URL(name.replace("/", "%2f"), registry), {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(
      `${registry} refused to publish ${name}@${version} from ${file} (HTTP ${response.status}): ${await response.text()}`,
    );
  }
}

/**
 * Checks what the registry now serves for name@version against the tarball published: the same
 * bytes, and no `workspace:` range npm could not install. Returns
 * a line with the tarball's size, unpacked size and file count.
 */
export async function checkPublished(registry: string, pkg: PackedPackage): Promise<string> {
  const { name, version, file } = pkg;
  const response = await fetch(new URL(name.replace("/", "%2f"), registry));
  const packument = (await response.json()) as {
    versions?: Record<string, Record<string, unknown> & { dist?: { tarball?: string } }>;
  };
  const served = packument.versions?.[version];
  const url = served?.dist?.tarball;
  if (served === undefined || url === undefined) {
    throw new Error(`${registry} serves no ${name}@${version} after publishing ${file}`);
  }
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [dep, range] of Object.entries((served[field] ?? {}) as Record<string, string>)) {
      if (range.startsWith("workspace:")) {
        throw new Error(
          `${name}@${version} was published with ${field} ${dep}: "${range}", which npm cannot install`,
        );
      }
    }
  }
  const tarball = await fetch(url);
  if (!tarball.ok) throw new Error(`${registry} does not serve ${url} (HTTP ${tarball.status})`);
  const packed = Buffer.from(await tarball.arrayBuffer());
  if (!packed.equals(await readFile(file))) {
    throw new Error(`${url} is not the tarball published from ${file}`);
  }
  const { bytes, files } = readTarball(packed, url);
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return `published ${name}@${version}: tarball ${kib(packed.length)}, unpacked ${kib(bytes)}, ${files} files`;
}
