// Moderation from the operator dashboard, with a real player on the other side (the SDK in Node): his
// chat line reaches the table's page through the live feed, the operator removes it and the player's
// client hears so; then the operator mutes him from his page and the server refuses his next line.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Locator } from "playwright-core";
import WebSocket from "ws";

import { TavoloConnection, wire, type TavoloError } from "../../sdk/index.js";
import { runBots } from "../support/bots";
import { launchChromium, newPage, problemsOf, screenshotPath } from "../support/browser";
import { startServer } from "../support/server";

const ADMIN = "ada";
const PASSWORD = "operator-pass-1";

async function waitForText(locator: Locator, text: RegExp): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor();
}

test("an operator removes a player's chat line and mutes him", async () => {
  const server = await startServer({
    toml: `
[[tournament]]
name = "Chat e2e"
game = "holdem"
kind = "sng"
seats = 2
buy_in = "1.00"
fee = "0.10"
`,
  });
  await server.addAdmin(ADMIN, PASSWORD);
  const id = Number(await server.sql(`SELECT min(id) FROM tournaments WHERE name = 'Chat e2e'`));

  // The player: checks or calls whenever it is his turn, and tells us what the server sends him.
  const pia = new TavoloConnection({ url: server.wsUrl, client: "operator e2e", webSocket: (url) => new WebSocket(url) as never });
  const seated = new Promise<void>((resolve) =>
    pia.on("table", (table) => {
      resolve();
      const g = table.game;
      if (g.kind !== "poker" || !g.legal) return;
      const command = g.legal.mayCheck ? { case: "check", value: {} } : { case: "call", value: {} };
      pia.pokerCommand(table.key, { command } as never).catch(() => {}); // a stale decision: the next one comes
    }),
  );
  const removed = new Promise<{ id: number; reason: string }>((resolve) =>
    pia.on("chatRemoved", (_key, line, reason) => resolve({ id: line, reason })),
  );
  const refusals: TavoloError[] = [];
  const refused = new Promise<TavoloError>((resolve) =>
    pia.on("error", (e) => {
      refusals.push(e);
      if (e.code === wire.ErrorCode.MUTED) resolve(e);
    }),
  );
  const account = await pia.createAccount("pia", "pia-password-1");
  await pia.register(id);
  const bots = runBots(server, { count: 1, tournament: id, strategy: "calling" });
  await seated;

  // The dashboard on the table's page, its feed connected, before anything is said.
  const browser = await launchChromium();
  const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await page.goto(server.httpUrl + "/operator");
  await page.getByLabel("Name").fill(ADMIN);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await waitForText(page.getByTestId("live-status"), /Live feed: connected/);
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Tables" }).click();
  await page.getByRole("link", { name: `Tournament ${id} · table 0` }).click();
  const table = page.getByTestId("table-detail");
  await waitForText(table.getByTestId("seats"), /pia/);

  await pia.chat({ tournamentId: id, table: 0 }, "ciao a tutti, pagliacci");
  const line = table.getByTestId("chat").locator("li").filter({ hasText: "ciao a tutti, pagliacci" });
  await line.waitFor();
  const lineId = Number(/#(\d+)/.exec((await line.textContent()) ?? "")?.[1]);
  assert.ok(lineId > 0, "the line's number is shown");
  await line.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: `Remove chat line #${lineId}` });
  await dialog.getByLabel("Reason").fill("e2e: insults");
  await dialog.getByRole("button", { name: "Remove the line" }).click();
  await waitForText(line, /removed: e2e: insults/);
  assert.deepEqual(await removed, { id: lineId, reason: "e2e: insults" });
  await page.screenshot({ path: screenshotPath("operator-chat-removed"), fullPage: true });

  // Mute him from his page (until further notice); his next line is refused with the reason.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Players" }).click();
  await page.getByLabel("Name starts with").fill("pi");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByTestId("players").getByRole("link", { name: "pia" }).click();
  const sanction = page.getByRole("form", { name: "Sanction" });
  await sanction.getByLabel("Kind").selectOption("mute");
  await sanction.getByLabel("Reason").fill("e2e: quiet please");
  await sanction.getByRole("button", { name: "Mute" }).click();
  await waitForText(sanction.getByTestId("sanction-done"), /Recorded: mute/);
  await waitForText(page.getByTestId("sanctions"), /mute[\s\S]*e2e: quiet please[\s\S]*ada[\s\S]*further notice/);
  await page.screenshot({ path: screenshotPath("operator-muted"), fullPage: true });
  assert.equal(await server.sql(`SELECT kind FROM sanctions WHERE account_id = ${account.id}`), "mute");

  await pia.chat({ tournamentId: id, table: 0 }, "ancora io");
  const muted = await refused;
  assert.match(muted.message, /e2e: quiet please/);

  assert.deepEqual(problemsOf(page), [], "nothing went wrong in the page");
  pia.close();
  bots.stop();
  await bots.done;
  assert.equal(await server.stop(), 0);
});
