// The e2e harness's server configuration (support/server_config.ts): a test's TOML merges into the
// harness's sections, and the rest follows as written.
import assert from "node:assert/strict";
import { test } from "node:test";

import { serverToml, tomlString } from "../support/server_config";

const settings = { databaseUrl: 'postgresql:///x?host=/tmp/"s"', webRoot: "/w/dist", clockSpeed: 60, logLevel: "info" };

test("the harness writes every section a test server needs", () => {
  const toml = serverToml(settings);
  for (const line of [
    "[server]",
    'host = "127.0.0.1"',
    `url = ${tomlString(settings.databaseUrl)}`,
    'level = "info"',
    "speed = 60",
    'password_cost = "minimum"',
    'root = "/w/dist"',
    "demo = false",
  ])
    assert.ok(toml.split("\n").includes(line), `${line} in\n${toml}`);
  assert.ok(toml.includes('url = "postgresql:///x?host=/tmp/\\"s\\""'), "quotes escaped");
});

test("a test's keys replace the harness's and its tournaments follow", () => {
  const toml = serverToml(
    settings,
    `
[lobby]
demo = true   # the demo lobby
[server]
shutdown_grace = 10
threads = 2

[[tournament]]
name = "T"
game = "holdem"
[accounts]
starting_balance = "50.00"
`,
  );
  const lines = toml.split("\n");
  assert.ok(lines.includes("demo = true   # the demo lobby"), toml);
  assert.ok(!lines.includes("demo = false"));
  assert.equal(lines.filter((l) => l === "[lobby]").length, 1);
  assert.equal(lines.filter((l) => l === "[server]").length, 1);
  assert.ok(lines.includes("shutdown_grace = 10") && lines.includes("threads = 2"));
  assert.ok(lines.includes('starting_balance = "50.00"') && lines.includes('password_cost = "minimum"'));
  const tournament = lines.indexOf("[[tournament]]");
  assert.ok(tournament > lines.indexOf("[lobby]"), "tournaments after the harness's sections");
  assert.deepEqual(lines.slice(tournament, tournament + 3), ["[[tournament]]", 'name = "T"', 'game = "holdem"']);
});

test("a line that cannot be merged is an error, not a silent drop", () => {
  assert.throws(() => serverToml(settings, "[clock]\nspeed\n"), /cannot merge "speed"/);
});
