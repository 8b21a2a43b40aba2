// A static file server for the built site on loopback, as any web host would serve dist/: a path
// ending in `/` gets its index.html, a missing file gets 404 (with the site's 404.html). Hashed
// assets may be cached by the browser, so each page does not fetch them again.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};

export interface StaticServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly origin: string;
  close(): Promise<void>;
}

/** The file under `root` a request path names, or undefined when the path leaves `root`. */
export function fileFor(root: string, pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (path.endsWith("/")) path += "index.html";
  const file = normalize(join(root, path));
  return file === root || file.startsWith(root + sep) ? file : undefined;
}

export async function serveDirectory(root: string): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const file = fileFor(root, url.pathname);
    const send = (status: number, path: string) => {
      res.writeHead(status, {
        "content-type": CONTENT_TYPES[extname(path)] ?? "application/octet-stream",
        "cache-control": url.pathname.startsWith("/assets/") ? "max-age=3600, immutable" : "no-cache",
      });
      createReadStream(path).pipe(res);
    };
    const notFound = () => {
      stat(join(root, "404.html")).then(
        () => send(404, join(root, "404.html")),
        () => {
          res.writeHead(404).end();
        },
      );
    };
    if (file === undefined) return notFound();
    stat(file).then(
      (info) => (info.isFile() ? send(200, file) : notFound()),
      () => notFound(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
