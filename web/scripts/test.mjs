// Runs web/'s tests with node's test runner: `node scripts/test.mjs [unit|e2e|all] [name-filter]`.
// Each tests/<kind>/*.test.ts is bundled with esbuild (node, ESM, packages left external, source maps)
// into .test-build/<kind>/ and the bundles are run by `node --test`; its exit code is ours.
// unit: no server (the default); e2e: a real tavolo-server, PostgreSQL and Chromium (tests/support/,
// TAVOLO_TEST_DATABASE_URL). A filter that is a test's exact name (serving for serving.test.ts) runs
// that test alone; otherwise every test whose name contains it.
import * as esbuild from "esbuild";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const kinds = ["unit", "e2e"];
const [kindArg = "unit", filter = ""] = process.argv.slice(2);
if (![...kinds, "all"].includes(kindArg)) {
  console.error(`test: unknown kind "${kindArg}": use unit, e2e or all, then an optional name filter`);
  process.exit(2);
}

const chosen = [];
for (const kind of kindArg === "all" ? kinds : [kindArg]) {
  const dir = join(web, "tests", kind);
  const names = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".test.ts"))
        .map((f) => f.slice(0, -".test.ts".length))
        .sort()
    : [];
  const exact = names.filter((n) => n === filter);
  const picked = exact.length > 0 ? exact : names.filter((n) => n.includes(filter));
  for (const name of picked) chosen.push({ kind, name, source: join(dir, `${name}.test.ts`) });
}
if (chosen.length === 0) {
  console.error(`test: no tests/${kindArg === "all" ? "{unit,e2e}" : kindArg}/*.test.ts matches "${filter}"`);
  process.exit(1);
}

// One bundle per test file, each written on its own: ctest runs several of these scripts at once.
const outputs = [];
for (const { kind, name, source } of chosen) {
  const outfile = join(web, ".test-build", kind, `${name}.test.mjs`);
  mkdirSync(dirname(outfile), { recursive: true });
  await esbuild.build({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: ["node20"],
    packages: "external",
    sourcemap: "linked",
    jsx: "automatic",
    jsxImportSource: "preact",
    logLevel: "warning",
  });
  outputs.push(outfile);
}

const e2e = chosen.some((c) => c.kind === "e2e");
const args = ["--enable-source-maps", "--test"];
// End-to-end tests each start a server and a browser: one file at a time on a two-core machine.
if (e2e) args.push("--test-concurrency=1");
// In a process group of its own, so that a signal reaches every test file's process: node --test
// does not pass one on, and each of them ends its servers and drops its databases when signalled.
const child = spawn(process.execPath, [...args, ...outputs], {
  cwd: web,
  stdio: "inherit",
  detached: true,
  env: { ...process.env, TAVOLO_WEB_DIR: web },
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(signal, () => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is gone already
    }
  });
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
