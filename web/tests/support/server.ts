// A real tavolo-server for an end-to-end test: a fresh database of its own on TAVOLO_TEST_DATABASE_URL's
// PostgreSQL, a configuration file (support/server_config.ts), the built client (TAVOLO_WEB_DIST), a
// free port. Everything it started is ended, and its database dropped, when the test ends.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";

import { serverBin, webDist } from "./paths";
import { atAbort, countOf, runToEnd, WatchedProcess } from "./processes";
import { serverToml } from "./server_config";

export interface StartOptions {
  toml?: string; // extra TOML appended, e.g. [[tournament]] tables; [server], [lobby]... keys merge in
  clockSpeed?: number; // [clock] speed, default 1
  logLevel?: string; // [log] level, default "info"
}

export interface TestServer {
  port: number;
  httpUrl: string; // http://127.0.0.1:PORT
  wsUrl: string; // ws://127.0.0.1:PORT/ws
  databaseUrl: string;
  configPath: string;
  log(): string; // everything the server wrote, over every run of it
  waitForLog(text: string, occurrences?: number): Promise<void>; // rejects if the server exits first
  addAdmin(name: string, password: string): Promise<void>; // tavolo-server admin add
  sql(query: string): Promise<string>; // psql -At on the test database: first column of first row
  api(method: string, path: string, opts?: { token?: string; body?: unknown }): Promise<{ status: number; body: any }>;
  stop(): Promise<number>; // SIGTERM, its exit code; then the database is dropped
  crash(): Promise<void>; // SIGKILL
  restart(): Promise<void>; // SIGTERM if running, then again on the same database, config and port if free
}

const kExitCannotListen = 4; // tavolo-server's exit code when the port cannot be opened
let serial = 0;

function baseDatabaseUrl(): string {
  const url = process.env.TAVOLO_TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "TAVOLO_TEST_DATABASE_URL is not set: the e2e tests need a PostgreSQL. Start one with " +
        "`bash deploy/pg.sh start .tavolo/pg-web --fast` and export the URL it prints, or run the tests " +
        "through `bash deploy/test.sh`",
    );
  if (!url.includes("://"))
    throw new Error(`TAVOLO_TEST_DATABASE_URL must be a postgresql:// URL (deploy/pg.sh prints one), got ${url}`);
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function psql(url: string, query: string): Promise<string> {
  const r = await runToEnd("psql", [url, "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-F", "\x1f", "-c", query]);
  if (r.code !== 0) throw new Error(`psql failed (${r.code}) on: ${query}\n${r.output}`);
  return r.stdout;
}

function tail(text: string, lines = 30): string {
  return text.split("\n").slice(-lines).join("\n");
}

class ServerHandle implements TestServer {
  port = 0;
  private process: WatchedProcess | null = null;
  private earlierLogs = "";
  private disposed = false;
  // An interrupted test process still drops the database (the server is killed first).
  private readonly forgetAbort = atAbort(() => {
    spawnSync("psql", [this.baseUrl, "-X", "-q", "-c", `DROP DATABASE IF EXISTS "${this.database}" WITH (FORCE)`]);
    rmSync(this.dir, { recursive: true, force: true });
  });

  constructor(
    private readonly bin: string,
    private readonly baseUrl: string,
    private readonly database: string,
    readonly databaseUrl: string,
    readonly configPath: string,
    private readonly dir: string,
  ) {}

  get httpUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  // Starts the server on `port` (0: any free one) and waits for its "listening on" line; when `port`
  // is taken (a restart whose old port went to someone else), on any free port.
  async launch(port: number): Promise<void> {
    const p = new WatchedProcess(this.bin, ["--config", this.configPath, "--port", String(port)], {
      cwd: this.dir,
      untilTestEnd: false, // dispose() ends it
    });
    this.process = p;
    const listening = await new Promise<number | null>((resolve, reject) => {
      p.onStdoutLine((line) => {
        const m = /listening on https?:\/\/\S+:(\d+)\s*$/.exec(line);
        if (m) resolve(Number(m[1]));
      });
      void p.exited.then((exit) => {
        if (exit.code === kExitCannotListen && port !== 0) return resolve(null);
        reject(new Error(`tavolo-server exited (${exit.code ?? exit.signal}) before listening:\n${tail(p.output())}`));
      });
    });
    if (listening === null) {
      this.earlierLogs += p.output();
      return this.launch(0);
    }
    this.port = listening;
  }

  log(): string {
    return this.earlierLogs + (this.process?.output() ?? "");
  }

  async waitForLog(text: string, occurrences = 1): Promise<void> {
    const earlier = countOf(this.earlierLogs, text);
    if (earlier >= occurrences) return;
    if (!this.process) throw new Error("the server was never started");
    await this.process.waitFor(text, occurrences - earlier);
  }

  async addAdmin(name: string, password: string): Promise<void> {
    const r = await runToEnd(this.bin, ["--config", this.configPath, "admin", "add", name], {
      input: `${password}\n`,
    });
    if (r.code !== 0) throw new Error(`tavolo-server admin add ${name} failed (${r.code}):\n${r.output}`);
  }

  async sql(query: string): Promise<string> {
    const out = await psql(this.databaseUrl, query);
    return out.split("\n")[0]!.split("\x1f")[0]!;
  }

  async api(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(this.httpUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text === "" ? null : JSON.parse(text);
    } catch {
      // not JSON (/metrics, a file): the text itself
    }
    return { status: res.status, body: parsed };
  }

  async stop(): Promise<number> {
    const exit = this.process ? await this.process.stop("SIGTERM") : { code: -1, signal: null };
    await this.dispose();
    return exit.code ?? -1;
  }

  async crash(): Promise<void> {
    await this.process?.stop("SIGKILL");
  }

  async restart(): Promise<void> {
    if (this.disposed) throw new Error("restart() after stop(): the server's database is gone");
    const previous = this.process;
    if (previous) {
      if (previous.running) await previous.stop("SIGTERM");
      this.earlierLogs += previous.output();
      this.process = null;
    }
    await this.launch(this.port);
  }

  // The end of the test: the server killed if it still runs, its database dropped, its files removed.
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.forgetAbort();
    await this.process?.stop("SIGKILL");
    await psql(this.baseUrl, `DROP DATABASE IF EXISTS "${this.database}" WITH (FORCE)`);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const base = baseDatabaseUrl();
  const bin = serverBin();
  const webRoot = webDist();
  const database = `web_${process.pid}_${++serial}_${Math.random().toString(36).slice(2, 8)}`;
  await psql(base, `CREATE DATABASE "${database}"`);
  const dir = mkdtempSync(join(tmpdir(), "tavolo-web-e2e-"));
  const configPath = join(dir, "tavolo.toml");
  const databaseUrl = withDatabase(base, database);
  writeFileSync(
    configPath,
    serverToml(
      { databaseUrl, webRoot, clockSpeed: options.clockSpeed ?? 1, logLevel: options.logLevel ?? "info" },
      options.toml ?? "",
    ),
  );
  const server = new ServerHandle(bin, base, database, databaseUrl, configPath, dir);
  // Registered before the start, so a server that fails to start is cleaned up too.
  after(() => server.dispose());
  await server.launch(0);
  return server;
}
