// The TOML of a test server: the harness's settings, with a test's own TOML merged in. A section the
// harness writes ([server], [lobby], ...) may appear in the test's TOML too: its keys replace or join
// the harness's; everything else ([[tournament]] tables, other sections) follows unchanged.

export interface HarnessSettings {
  databaseUrl: string;
  webRoot: string;
  clockSpeed: number;
  logLevel: string;
}

type Section = Map<string, string>; // key -> TOML value as written

// A TOML basic string (JSON's escapes are TOML's).
export function tomlString(text: string): string {
  return JSON.stringify(text);
}

function harnessSections(s: HarnessSettings): Map<string, Section> {
  return new Map<string, Section>([
    // SIGTERM to exit in at most 3 s: a hand still waiting on a player who left is void, as in a restart.
    ["server", new Map([["host", tomlString("127.0.0.1")], ["shutdown_grace", "3"]])],
    ["database", new Map([["url", tomlString(s.databaseUrl)]])],
    ["log", new Map([["level", tomlString(s.logLevel)]])],
    ["clock", new Map([["speed", String(s.clockSpeed)]])],
    ["accounts", new Map([["password_cost", tomlString("minimum")]])],
    ["web", new Map([["root", tomlString(s.webRoot)]])],
    // No demo lobby unless the test asks for it ([lobby] demo = true); declared tournaments replace it.
    ["lobby", new Map([["demo", "false"]])],
  ]);
}

const header = /^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]\s*(#.*)?$/; // [section], not [[array]]
const arrayHeader = /^\s*\[\[/;
const keyLine = /^\s*([A-Za-z0-9_.-]+|"[^"]*")\s*=/;

export function serverToml(settings: HarnessSettings, extra = ""): string {
  const sections = harnessSections(settings);
  const rest: string[] = [];
  let merging: Section | null = null; // the harness section the test's lines go into, if any
  for (const line of extra.split("\n")) {
    const h = header.exec(line);
    if (h || arrayHeader.test(line)) {
      merging = h ? (sections.get(h[1]!) ?? null) : null;
      if (!merging) rest.push(line);
      continue;
    }
    if (!merging) {
      rest.push(line);
      continue;
    }
    const key = keyLine.exec(line);
    if (key) merging.set(key[1]!, line.slice(line.indexOf("=") + 1).trim());
    else if (line.trim() !== "" && !line.trim().startsWith("#"))
      throw new Error(`test TOML: cannot merge "${line}" into the harness's sections (one key = value a line)`);
  }
  const out: string[] = ["# Written by web/tests/support/server.ts"];
  for (const [name, keys] of sections) {
    out.push(`[${name}]`);
    for (const [key, value] of keys) out.push(`${key} = ${value}`);
    out.push("");
  }
  return `${out.join("\n")}\n${rest.join("\n").trim()}\n`;
}
