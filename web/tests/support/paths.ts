// Where the tests find web/, the project, the binaries under test and the built client. The
// environment wins (ctest sets TAVOLO_SERVER_BIN, TAVOLO_BIN, TAVOLO_WEB_DIST; scripts/test.mjs sets
// TAVOLO_WEB_DIR), so a test run by hand from web/ finds build/ and dist/ of its own worktree.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// web/: TAVOLO_WEB_DIR, else the first folder above this file (or its bundle in .test-build/) that
// holds tavolo-web's package.json.
export function webDir(): string {
  const fromEnv = process.env.TAVOLO_WEB_DIR;
  if (fromEnv) return resolve(fromEnv);
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "tavolo-web") return dir;
  }
  throw new Error("cannot find web/ (no tavolo-web package.json above the tests): set TAVOLO_WEB_DIR");
}

export function projectRoot(): string {
  return resolve(webDir(), "..");
}

// A file the tests need, or an error that says how to make it.
function existing(path: string, what: string, make: string): string {
  if (!existsSync(path)) throw new Error(`${what} not found at ${path}: ${make}`);
  return path;
}

export function serverBin(): string {
  return existing(
    process.env.TAVOLO_SERVER_BIN ?? join(projectRoot(), "build", "server", "tavolo-server"),
    "tavolo-server",
    "build it (BUILD_TARGETS=\"tavolo-server tavolo\" bash deploy/build.sh) or set TAVOLO_SERVER_BIN",
  );
}

export function toolBin(): string {
  return existing(
    process.env.TAVOLO_BIN ?? join(projectRoot(), "build", "tools", "tavolo"),
    "the tavolo tool",
    "build it (BUILD_TARGETS=\"tavolo-server tavolo\" bash deploy/build.sh) or set TAVOLO_BIN",
  );
}

export function webDist(): string {
  const dist = process.env.TAVOLO_WEB_DIST ?? join(webDir(), "dist");
  existing(join(dist, "index.html"), "the built web client", "run npm run build in web/ (or bash deploy/build.sh)");
  return dist;
}
