// Issue 13, "reconnect": the page's connection is dropped mid-hand, on the player's own turn, by
// cutting the TCP connection between the browser and the server (a proxy in between, so the browser
// and the server both see it die) and keeping the network down for a moment. The banner shows; when
// the network is back the client resumes by itself, and the table comes back with the same hand, the
// same cards and the player's turn, and he acts through the UI; the hand goes on to its end.
import assert from "node:assert/strict";
import { test } from "node:test";

import { runBots } from "../support/bots";
import { launchChromium, newPage, problemsOf, screenshotPath } from "../support/browser";
import {
  checkOrCall,
  createAccountIt,
  currentTurn,
  tournamentId,
  tournamentRow,
  turnBar,
} from "../support/player_ui";
import { startServer } from "../support/server";
import { startProxy } from "../support/tcp_proxy";

const toml = `
[[tournament]]
name = "Testa a testa"
game = "holdem"
kind = "headsup"
action_seconds = 120
`;

test("reconnect: dropped mid-hand, the banner, the same hand back, and the player acts", async () => {
  // Real time: the 120-second action clock never runs out while the test acts at once.
  const server = await startServer({ toml });
  const proxy = await startProxy(server.port);
  const browser = await launchChromium();
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 }, locale: "it-IT" });

  await createAccountIt(page, proxy.httpUrl, "marta", "1.000,00 €");
  const id = await tournamentId(page, "Testa a testa");
  await tournamentRow(page, "Testa a testa").getByRole("button", { name: "Iscriviti" }).click();
  const bots = runBots(server, { count: 1, tournament: id, strategy: "calling" });

  // Her turn, mid-hand: what the table shows now.
  await turnBar(page).waitFor();
  const handLine = (await page.getByText(/Mano n\. \d+/).first().textContent()) ?? "";
  const hand = /Mano n\. (\d+)/.exec(handLine)?.[1];
  assert.ok(hand, `the hand's number is shown: ${handLine}`);
  const mine = page.locator(".tv-seat--mine .tv-cards");
  const cards = await mine.innerHTML();
  assert.ok(cards.length > 0, "her cards are on the table");

  // The network goes down: both ends of the connection die.
  const before = proxy.opened;
  proxy.hold(true);
  proxy.cut();
  const banner = page.getByTestId("reconnecting");
  await banner.filter({ hasText: "Connessione persa" }).waitFor();
  await page.screenshot({ path: screenshotPath("reconnect-1-banner") });

  // Back: the client resumes by itself; the same hand, her cards, her turn.
  proxy.hold(false);
  await banner.waitFor({ state: "detached", timeout: 30_000 });
  assert.ok(proxy.opened > before, "a new connection was made");
  await turnBar(page).waitFor();
  assert.ok(
    ((await page.getByText(/Mano n\. \d+/).first().textContent()) ?? "").includes(`Mano n. ${hand}`),
    "the same hand",
  );
  assert.equal(await mine.innerHTML(), cards, "the same cards");
  await page.screenshot({ path: screenshotPath("reconnect-2-back") });

  // She acts: the action is taken (no refusal), and the hand goes on to its end.
  let answered = await currentTurn(page);
  await checkOrCall(page);
  const next = page.getByText(new RegExp(`Mano n\\. ${Number(hand) + 1}\\b`)).first();
  for (;;) {
    const fresh = page.locator(`[data-testid=actions].tv-actions--turn:not([data-turn="${answered}"])`);
    await next.or(fresh).first().waitFor({ timeout: 60_000 });
    if (await next.isVisible()) break;
    answered = await currentTurn(page); // her later turns in the hand
    await checkOrCall(page);
  }
  assert.equal(await page.locator(".tv-actions__error").count(), 0, "no action refused");
  bots.stop();
  assert.deepEqual(
    problemsOf(page).filter((p) => !p.includes("/ws")), // the socket cut is the test's doing
    [],
  );
});
