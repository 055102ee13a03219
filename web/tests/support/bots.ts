// `tavolo bots` against a test server (tools/README.md): N bots, each a new account, playing through
// the real protocol. Killed when the test ends if still running.
import { toolBin } from "./paths";
import { WatchedProcess } from "./processes";
import type { TestServer } from "./server";

export interface BotOptions {
  count: number;
  tournament?: number | "any"; // a tournament id, or any registering one (the default)
  strategy?: string; // random (default), calling or tight
  seconds?: number; // keep registering for this long (default: one tournament each)
}

export interface Bots {
  // The exit code (0 when errors=0) and the final `bots: players=N hands=H ...` line.
  done: Promise<{ code: number; summary: string }>;
  stop(): void; // SIGTERM: every bot stops at once and the summary is printed
}

export function runBots(server: TestServer, opts: BotOptions): Bots {
  const args = ["bots", "--url", server.wsUrl, "--count", String(opts.count), "--verbose"];
  if (opts.tournament !== undefined) args.push("--tournament", String(opts.tournament));
  if (opts.strategy) args.push("--strategy", opts.strategy);
  if (opts.seconds !== undefined) args.push("--seconds", String(opts.seconds));
  const p = new WatchedProcess(toolBin(), args);
  const done = p.exited.then((exit) => {
    const summary = p.stdout().split("\n").reverse().find((line) => line.startsWith("bots: ")) ?? "";
    if (!summary) console.error(`tavolo bots ended (${exit.code ?? exit.signal}) without its summary:\n${p.output()}`);
    return { code: exit.code ?? -1, summary };
  });
  return { done, stop: () => p.kill("SIGTERM") };
}
