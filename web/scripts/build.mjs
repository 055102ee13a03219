// Bundles the player client (src/player) and the operator dashboard (src/operator) with esbuild into
// dist/, which tavolo-server serves at / and /operator ([web] root). `--watch` rebuilds on change.
import * as esbuild from "esbuild";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(web, "dist");
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, "assets"), { recursive: true });
cpSync(join(web, "static"), dist, { recursive: true });

const options = {
  entryPoints: {
    "assets/player": join(web, "src", "player", "main.tsx"),
    "assets/operator": join(web, "src", "operator", "main.tsx"),
  },
  outdir: dist,
  bundle: true,
  format: "esm",
  target: ["es2022"],
  minify: true,
  sourcemap: "linked",
  jsx: "automatic",
  jsxImportSource: "preact",
  logLevel: "warning",
  legalComments: "linked",
};

if (process.argv.includes("--watch")) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log("build: watching src/ and sdk/");
} else {
  const result = await esbuild.build({ ...options, metafile: true });
  // The pages link assets/<entry>.css: an entry that imports no CSS yet gets an empty one, not a 404.
  for (const entry of Object.keys(options.entryPoints)) {
    const css = join(dist, `${entry}.css`);
    if (!existsSync(css)) writeFileSync(css, "/* no styles yet */\n");
  }
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([name]) => name.endsWith(".js"))
    .map(([name, out]) => `${name.replace(/^.*dist\//, "")} ${(out.bytes / 1024).toFixed(0)} KiB`);
  console.log(`build: dist/ (${bytes.join(", ")})`);
}
