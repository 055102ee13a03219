// Generates the SDK's protocol messages (web/sdk/gen/*_pb.ts) from proto/*.proto with protoc and
// protoc-gen-es. Run by `npm run build`; the output is not committed (web/.gitignore).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const protoDir = join(web, "..", "proto");
const out = join(web, "sdk", "gen");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const protos = readdirSync(protoDir).filter((f) => f.endsWith(".proto"));
try {
  execFileSync(
    "protoc",
    [
      `--plugin=protoc-gen-es=${join(web, "node_modules", ".bin", "protoc-gen-es")}`,
      `--es_out=${out}`,
      "--es_opt=target=ts,import_extension=js",
      `-I${protoDir}`,
      ...protos,
    ],
    { stdio: "inherit" },
  );
} catch (e) {
  console.error("gen: protoc failed; is protobuf-compiler installed (bash deploy/setup.sh)?");
  process.exit(1);
}
console.log(`gen: ${protos.length} proto files -> sdk/gen/`);
