// A stand-in main script for the start-up snapshot tests: it draws random values and reads
// tls, http, https and http2 while its modules are evaluated, as a provider's dependencies do,
// then reports once the snapshot is restored.
import { randomInt, randomUUID } from "node:crypto";
import { request } from "node:http";
import { constants as http2Constants } from "node:http2";
import * as https from "node:https";
import { afterStartupSnapshot, buildingStartupSnapshot } from "@tsvider/rpcplugin";

// Both fill Node's entropy caches at build time.
const atBuild = randomUUID();
randomInt(1_000_000);
const builtInSnapshot = buildingStartupSnapshot();
const status = http2Constants.HTTP2_HEADER_STATUS;

void afterStartupSnapshot(async () => {
  const tls = await import("node:tls");
  process.stdout.write(
    `${JSON.stringify({
      builtInSnapshot,
      atBuild,
      uuids: [randomUUID(), randomUUID()],
      int: randomInt(2 ** 47),
      env: process.env.SNAPSHOT_FIXTURE ?? null,
      status,
      loaded: [typeof request, typeof https.request, typeof tls.connect],
    })}\n`,
  );
});
