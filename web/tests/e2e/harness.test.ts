// The e2e harness itself (tests/support/), as every web e2e test will use it: a server with a declared
// tournament and an accelerated clock, bots playing it to the end, an admin and the operator API,
// SQL on the test's own database, a crash and a restart on the same port and database.
import assert from "node:assert/strict";
import { test } from "node:test";

import { runBots } from "../support/bots";
import { startServer } from "../support/server";

const headsUp = `
[[tournament]]
name = "Harness heads-up"
game = "holdem"
kind = "headsup"
buy_in = "10.00"
fee = "1.00"
level_minutes = 2
`;

test("a server, bots, the operator API, SQL, a crash and a restart", async () => {
  const server = await startServer({ toml: headsUp, clockSpeed: 200 });
  assert.match(server.httpUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(server.wsUrl, `ws://127.0.0.1:${server.port}/ws`);
  assert.equal(await server.sql("SELECT name FROM tournaments ORDER BY id"), "Harness heads-up");
  assert.equal(await server.sql("SELECT current_database()"), new URL(server.databaseUrl).pathname.slice(1));

  const bots = runBots(server, { count: 2, tournament: "any", strategy: "calling" });
  const result = await bots.done;
  assert.equal(result.code, 0, result.summary);
  assert.match(result.summary, /^bots: players=2 .* finished=1 errors=0$/);
  await server.waitForLog("event=tournament_started");
  assert.equal(await server.sql("SELECT state FROM tournaments ORDER BY id LIMIT 1"), "finished");

  await server.addAdmin("boss", "harness-password");
  const login = await server.api("POST", "/api/v1/login", { body: { name: "boss", password: "harness-password" } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const me = await server.api("GET", "/api/v1/me", { token: login.body.token });
  assert.equal(me.status, 200);
  assert.equal(me.body.name, "boss");
  assert.equal((await server.api("GET", "/api/v1/me")).status, 401);

  // kill -9, then the same database and configuration again, on the same port when it is free.
  const port = server.port;
  await server.crash();
  await assert.rejects(server.waitForLog("this line is never written"), /exited/);
  await server.restart();
  await server.waitForLog("listening on http://", 2);
  assert.equal(server.port, port);
  assert.equal((await server.api("GET", "/readyz")).status, 200);
  assert.equal(await server.sql("SELECT count(*) FROM tournaments WHERE state = 'finished'"), "1");

  assert.equal(await server.stop(), 0, server.log());
});
