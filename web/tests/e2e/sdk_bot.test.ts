// The SDK without a UI (issue 13 item 2): a bot in Node on the real server plays a heads-up Sit&Go to
// its end against `tavolo bots`, its connection dropped three times mid-hand: each time it resumes the
// same seat in the same hand, acts, and no table message is lost or applied twice (the stream's
// sequence numbers run on without a gap), every hand recorded replays to the stacks the server said.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import WebSocket from "ws";
import { ErrorCode } from "../../sdk/gen/vocabulary_pb.js";
import { HandRecorder, TavoloConnection, TavoloError, replay, type TableModel } from "../../sdk/index.js";
import { runBots } from "../support/bots.js";
import { startServer, type TestServer } from "../support/server.js";

let server: TestServer | null = null;
after(async () => {
  await server?.stop();
});

test("a Node bot on the SDK plays a Sit&Go to the end through three drops and resumes", async () => {
  server = await startServer({
    clockSpeed: 20,
    toml: '[[tournament]]\nname = "SDK heads-up"\ngame = "holdem"\nkind = "headsup"\nstarting_stack = 600\nlevel_minutes = 1\n',
  });
  const conn = new TavoloConnection({
    url: server.wsUrl,
    client: "sdk-e2e",
    webSocket: (url) => new WebSocket(url) as never,
    backoff: { initialMs: 20, maxMs: 100 },
  });
  const recorder = new HandRecorder();
  const refusals: string[] = [];
  const resumedAt: { hand: number; decision: number }[] = [];
  let dropsLeft = 3;
  let droppedAt: { hand: number; decision: number } | null = null;
  conn.on("error", (e) => refusals.push(`${e.codeName}: ${e.message}`));
  conn.on("table", (m: TableModel, e) => {
    recorder.observe(m, e);
    const g = m.game;
    if (g.kind !== "poker" || !g.legal) return;
    if (!e && droppedAt) {
      resumedAt.push({ hand: g.hand, decision: g.decision }); // the snapshot after the resume
      droppedAt = null;
    }
    if (dropsLeft > 0 && g.hand >= 2 && !droppedAt) {
      dropsLeft -= 1;
      droppedAt = { hand: g.hand, decision: g.decision };
      conn.dropNow(); // on its own turn, mid-hand
      return;
    }
    const legal = g.legal;
    const command = legal.mayCheck ? { case: "check" as const, value: {} } : { case: "call" as const, value: {} };
    conn.pokerCommand(m.key, { command }).catch((refused: TavoloError) => {
      // Events already received may still arrive after the drop: an action then is not sent at all.
      if (refused.code !== ErrorCode.UNSPECIFIED) refusals.push(`${refused.codeName}: ${refused.message}`);
    });
  });
  const states: string[] = [];
  conn.on("state", (s) => states.push(s));

  await conn.createAccount("sdkbot", "sdk-password-1");
  const lobby = await conn.subscribeLobby();
  assert.equal(lobby.length, 1);
  const finished = new Promise<number>((resolve) =>
    conn.on("tournament", (t) => {
      if (t.event.case === "finished") resolve(t.event.value.results.length);
    }),
  );
  const bots = runBots(server, { count: 1, tournament: lobby[0]!.id, strategy: "calling" });
  await conn.register(lobby[0]!.id);
  assert.equal(await finished, 2, "both players placed");
  const summary = await bots.done;
  assert.equal(summary.code, 0, summary.summary);

  assert.equal(resumedAt.length, 3, "three drops, three resumes");
  assert.equal(states.filter((s) => s === "reconnecting").length, 3);
  assert.deepEqual(refusals, [], "no action refused, no stale or duplicated message");
  const complete = recorder.hands.filter((h) => h.complete);
  assert.ok(complete.length > 0);
  for (const hand of complete) {
    const end = replay(hand, hand.events.length);
    const g = end.game;
    assert.equal(g.kind, "poker");
    if (g.kind !== "poker") continue;
    assert.equal(g.inHand, false, `hand ${hand.id} replays to its end`);
    assert.equal(
      g.seats.reduce((sum, s) => sum + s.stack, 0),
      // At the start (HandStarted, or a mid-hand snapshot after a resume), the chips behind plus the
      // pot (which counts the bets in front).
      replay(hand, 0).game.kind === "poker"
        ? (replay(hand, 0).game as typeof g).seats.reduce((sum, s) => sum + s.stack, 0) + (replay(hand, 0).game as typeof g).potTotal
        : 0,
      `hand ${hand.id}: no chip created or lost in the replay`,
    );
  }
  const wallet = await conn.getWallet();
  assert.equal(wallet, Number(await server.sql("SELECT w.balance FROM wallets w JOIN accounts a ON a.id = w.account_id WHERE a.name = 'sdkbot'")));
  conn.close();
});
