// The processes a test starts (servers, bots, psql): their output kept and waited on, and every one of
// them ended when the test ends, whether it passed or failed.
import { spawn, type ChildProcess } from "node:child_process";
import { after } from "node:test";

export interface Exit {
  code: number | null; // null when a signal ended it
  signal: NodeJS.Signals | null;
}

// Every process still running, killed outright if node exits without the test's `after` (an uncaught
// error, or a SIGINT / SIGTERM: Ctrl-C, scripts/test.mjs passing on ctest's), then the synchronous
// clean-ups registered with atAbort (the test databases).
const running = new Set<ChildProcess>();
const abortCleanups = new Set<() => void>();
function abort(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
  for (const cleanup of abortCleanups) {
    try {
      cleanup();
    } catch {
      // best effort: the process is going
    }
  }
  abortCleanups.clear();
}
process.on("exit", abort);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    abort();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });

// `cleanup` runs (synchronously) if the test process is interrupted; the returned function forgets it.
export function atAbort(cleanup: () => void): () => void {
  abortCleanups.add(cleanup);
  return () => abortCleanups.delete(cleanup);
}

export function countOf(text: string, needle: string): number {
  if (needle === "") return 0;
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

interface Waiter {
  text: string;
  occurrences: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

export class WatchedProcess {
  readonly exited: Promise<Exit>;
  private readonly child: ChildProcess;
  private out = "";
  private stdoutText = "";
  private exit: Exit | null = null;
  private waiters: Waiter[] = [];
  private lineListeners: ((line: string) => void)[] = [];
  private partialLine = "";

  // Starts `command`; `input` is written to its standard input, which is then closed. Unless
  // `untilTestEnd` is false, the end of the current test (or file) kills it if it still runs.
  constructor(
    readonly command: string,
    readonly args: string[],
    options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string; untilTestEnd?: boolean } = {},
  ) {
    this.child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    running.add(this.child);
    this.child.stdin!.end(options.input ?? "");
    this.child.stdin!.on("error", () => {}); // a process that exits without reading its input
    this.child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      this.stdoutText += chunk;
      this.append(chunk);
      this.lines(chunk);
    });
    this.child.stderr!.setEncoding("utf8").on("data", (chunk: string) => this.append(chunk));
    this.exited = new Promise((resolve) => {
      // "close": the process has exited and its output is all read.
      this.child.on("close", (code, signal) => {
        running.delete(this.child);
        this.exit = { code, signal };
        const why = new Error(`${this.describe()} exited (${code ?? signal}) before writing what was awaited`);
        for (const w of this.waiters.splice(0)) w.reject(why);
        resolve(this.exit);
      });
      this.child.on("error", (e) => {
        this.append(`\n[could not start ${command}: ${e.message}]\n`);
      });
    });
    // Whoever started it, its test's end stops it (node:test runs this hook for the test in which the
    // process was started, or for the file when it was started outside a test).
    if (options.untilTestEnd !== false) after(() => this.kill("SIGKILL"));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }
  get running(): boolean {
    return this.exit === null;
  }
  // Standard output and error, interleaved as they came.
  output(): string {
    return this.out;
  }
  stdout(): string {
    return this.stdoutText;
  }

  // Resolves when the output holds `text` `occurrences` times; rejects if the process exits first.
  waitFor(text: string, occurrences = 1): Promise<void> {
    if (countOf(this.out, text) >= occurrences) return Promise.resolve();
    if (this.exit)
      return Promise.reject(new Error(`${this.describe()} has exited; its output never held "${text}"`));
    return new Promise((resolve, reject) => this.waiters.push({ text, occurrences, resolve, reject }));
  }

  // Called with each complete line of standard output.
  onStdoutLine(listener: (line: string) => void): void {
    this.lineListeners.push(listener);
  }

  kill(signal: NodeJS.Signals = "SIGTERM"): void {
    if (this.exit === null) this.child.kill(signal);
  }

  // Sends `signal` (SIGTERM by default) and waits for the exit.
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<Exit> {
    this.kill(signal);
    return this.exited;
  }

  describe(): string {
    return `${this.command.split("/").pop()} (pid ${this.child.pid})`;
  }

  private append(chunk: string): void {
    this.out += chunk;
    this.waiters = this.waiters.filter((w) => {
      if (countOf(this.out, w.text) < w.occurrences) return true;
      w.resolve();
      return false;
    });
  }

  private lines(chunk: string): void {
    const parts = (this.partialLine + chunk).split("\n");
    this.partialLine = parts.pop()!;
    for (const line of parts) for (const listener of this.lineListeners) listener(line);
  }
}

// Runs a command to its end: its exit code and output (standard output alone, and both together).
export async function runToEnd(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<{ code: number | null; stdout: string; output: string }> {
  const p = new WatchedProcess(command, args, { ...options, untilTestEnd: false });
  const exit = await p.exited;
  return { code: exit.code, stdout: p.stdout(), output: p.output() };
}
