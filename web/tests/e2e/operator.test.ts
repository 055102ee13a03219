// The operator dashboard in Chromium against the real server and database: an admin logs in through
// the form, creates a Sit&Go through the form, watches three bots fill it (the live feed brings the
// count), previews the refunds, cancels it and sees the refunds paid, which the database confirms;
// then credits a player's wallet and finds it on the player's page and in the audit log. A player's
// account and a dead session are turned back to the log-in form with a message.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import type { Locator, Page } from "playwright-core";

import { runBots } from "../support/bots";
import { launchChromium, newPage, problemsOf, screenshotPath } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

const ADMIN = "ada";
const PASSWORD = "operator-pass-1";
const STARTING_BALANCE_CENTS = 100000; // [accounts] starting_balance "1000.00"

/** Waits until the locator's whole text is `text` (Playwright's auto-waiting, no sleep). */
async function waitForText(locator: Locator, text: string | RegExp): Promise<void> {
  const pattern = typeof text === "string" ? new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`) : text;
  await locator.filter({ hasText: pattern }).first().waitFor();
}

async function logIn(page: Page, server: TestServer, name: string, password: string): Promise<void> {
  await page.goto(server.httpUrl + "/operator");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test("an operator creates a Sit&Go, watches it fill, cancels it with the refund preview and credits a wallet", async () => {
  const server = await startServer();
  await server.addAdmin(ADMIN, PASSWORD);
  const browser = await launchChromium();
  const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });

  await logIn(page, server, ADMIN, PASSWORD);
  await page.getByRole("heading", { name: "Tournaments" }).waitFor();
  await waitForText(page.getByTestId("live-status"), "Live feed: connected");
  await waitForText(page.getByTestId("who"), /ada\s*admin/);

  // Create it through the form: hold'em no-limit, 6 seats, 10.00 + 1.00, starts when full.
  await page.getByRole("link", { name: "New tournament" }).click();
  const form = page.getByRole("form", { name: "New tournament" });
  await form.getByLabel("Name", { exact: true }).fill("E2E Sit&Go");
  await form.getByLabel("Game", { exact: true }).selectOption("holdem");
  await form.getByLabel("Kind", { exact: true }).selectOption("sng");
  await form.getByLabel("Betting", { exact: true }).selectOption("nl");
  // First a refusal from the API, shown beside the form and the field it names.
  await form.getByLabel("Seats per table").fill("11");
  await form.getByRole("button", { name: "Create tournament" }).click();
  await waitForText(form.getByTestId("create-error"), /seats/);
  await page.screenshot({ path: screenshotPath("operator-create-refused") });
  await form.getByLabel("Seats per table").fill("6");
  await form.getByLabel("Buy-in (€)", { exact: true }).fill("10.00");
  await form.getByLabel("Fee (€)", { exact: true }).fill("1.00");
  await form.getByRole("button", { name: "Create tournament" }).click();
  await page.getByTestId("tournament-detail").waitFor();
  const id = Number(/#\/tournaments\/(\d+)$/.exec(page.url())?.[1]);
  assert.ok(id > 0, `the page of the new tournament: ${page.url()}`);
  await waitForText(page.getByTestId("tournament-detail").getByTestId("state"), "registering");
  assert.equal(await server.sql(`SELECT name FROM tournaments WHERE id = ${id}`), "E2E Sit&Go");

  // The list follows the registrations as three bots sign up and wait for the table to fill.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Tournaments" }).click();
  const row = page.getByTestId(`tournament-${id}`);
  await waitForText(row.getByTestId("entrants"), "0");
  const bots = runBots(server, { count: 3, tournament: id });
  await waitForText(row.getByTestId("entrants"), "3");
  await waitForText(row, /€30\.00/); // the prize pool: three prize parts
  await page.screenshot({ path: screenshotPath("operator-tournaments") });

  // Inspect it, preview the cancellation: each of the three gets 11.00 back.
  await row.getByRole("link", { name: "E2E Sit&Go" }).click();
  await waitForText(page.getByTestId("detail-entrants"), "3");
  await page.getByRole("button", { name: "Cancel tournament…" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel E2E Sit&Go?" });
  const preview = dialog.getByTestId("refund-preview");
  await preview.getByTestId("refund").nth(2).waitFor();
  assert.equal(await preview.getByTestId("refund").count(), 3);
  assert.deepEqual(await preview.getByTestId("refund-amount").allTextContents(), ["€11.00", "€11.00", "€11.00"]);
  await waitForText(preview.getByTestId("refund-total"), "€33.00");
  // The preview paid nothing.
  assert.equal(await server.sql(`SELECT count(*) FROM registrations WHERE tournament_id = ${id} AND state = 'registered'`), "3");
  await page.screenshot({ path: screenshotPath("operator-cancel-preview") });

  await dialog.getByLabel("Reason").fill("e2e: the room closes early");
  await dialog.getByRole("button", { name: "Cancel the tournament and pay these refunds" }).click();
  const paid = page.getByRole("dialog").getByTestId("refunds-paid");
  await paid.getByTestId("refund").nth(2).waitFor();
  assert.deepEqual(await paid.getByTestId("refund-amount").allTextContents(), ["€11.00", "€11.00", "€11.00"]);
  await page.screenshot({ path: screenshotPath("operator-refunds-paid") });
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  await waitForText(page.getByTestId("tournament-detail").getByTestId("state"), "cancelled");
  await page.getByTestId("detail-refunds").getByTestId("refund").nth(2).waitFor();

  // The database: every entry refunded, every wallet whole again.
  assert.equal(await server.sql(`SELECT state FROM tournaments WHERE id = ${id}`), "cancelled");
  assert.equal(
    await server.sql(
      `SELECT count(*) FROM registrations r JOIN wallets w ON w.account_id = r.account_id
        WHERE r.tournament_id = ${id} AND r.state = 'refunded' AND r.refund_cents = 1100
          AND w.balance = ${STARTING_BALANCE_CENTS}`,
    ),
    "3",
  );
  bots.stop();
  await bots.done;

  // A wallet credit through the player's page.
  const player = page.getByTestId("registrations").getByRole("link").first();
  const playerName = (await player.textContent())!.trim();
  await player.click();
  const file = page.getByTestId("player-detail");
  await waitForText(file.getByTestId("balance"), "€1,000.00");
  const wallet = page.getByRole("form", { name: "Wallet adjustment" });
  await wallet.getByLabel("Credit").check();
  await wallet.getByLabel("Amount (€)").fill("25.50");
  await wallet.getByLabel("Reason").fill("e2e goodwill");
  await wallet.getByRole("button", { name: "Credit the wallet" }).click();
  await waitForText(wallet.getByTestId("wallet-done"), /Credited €25\.50: the balance went from €1,000\.00 to €1,025\.50/);
  await waitForText(file.getByTestId("balance"), "€1,025.50");
  await waitForText(file.getByTestId("ledger").locator("tbody tr").first(), /deposit\s*€25\.50\s*external\s*e2e goodwill/);
  await page.screenshot({ path: screenshotPath("operator-player"), fullPage: true });
  assert.equal(
    await server.sql(`SELECT w.balance FROM wallets w JOIN accounts a ON a.id = w.account_id WHERE a.name = '${playerName}'`),
    String(STARTING_BALANCE_CENTS + 2550),
  );

  // The audit log has the credit (newest first) and the cancellation.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Audit log" }).click();
  const audit = page.getByTestId("audit");
  await waitForText(audit.getByTestId("audit-entry").first(), /credit_wallet[\s\S]*e2e goodwill[\s\S]*€1,000\.00 → €1,025\.50/);
  await waitForText(audit.getByTestId("audit-entry"), /cancel_tournament\s*tournament:\d+\s*e2e: the room closes early/);
  await page.screenshot({ path: screenshotPath("operator-audit") });

  // The one refusal asked for (the 400 of the first creation) and nothing else.
  const problems = problemsOf(page).filter((p: string) => !/status of 400 .*\/api\/v1\/tournaments\)$/.test(p));
  assert.deepEqual(problems, [], "nothing else went wrong in the page");
  assert.equal(await server.stop(), 0);
});

test("an operator pauses and resumes a running Sit&Go, inspects its table and downloads a hand history", async () => {
  // Two calling bots: nobody bets, so the blinds alone decide and the Sit&Go lasts hundreds of hands.
  const server = await startServer({
    logLevel: "debug", // for event=hand_committed
    toml: `
[[tournament]]
name = "Heads-up e2e"
game = "holdem"
kind = "sng"
betting = "nl"
seats = 2
buy_in = "5.00"
fee = "0.50"
`,
  });
  await server.addAdmin(ADMIN, PASSWORD);
  const id = Number(await server.sql(`SELECT min(id) FROM tournaments WHERE name = 'Heads-up e2e'`));
  const bots = runBots(server, { count: 2, tournament: id, strategy: "calling" });
  const browser = await launchChromium();
  const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await logIn(page, server, ADMIN, PASSWORD);
  await page.getByTestId(`tournament-${id}`).getByRole("link", { name: "Heads-up e2e" }).click();
  const detail = page.getByTestId("tournament-detail");
  await waitForText(detail.getByTestId("state"), "running");

  // Its table: two seats, and once a hand is over, its hole cards.
  await detail.getByRole("link", { name: "Table 0" }).click();
  const table = page.getByTestId("table-detail");
  await table.getByTestId("seats").locator("tbody tr").nth(1).waitFor();
  await table.getByTestId("last-hand").locator("tbody tr").nth(1).waitFor();
  await page.screenshot({ path: screenshotPath("operator-table"), fullPage: true });

  // Pause with a reason; the page and the list say so; resume.
  await table.getByRole("link", { name: String(id), exact: true }).click();
  await detail.getByRole("button", { name: "Pause" }).click();
  const pause = page.getByRole("dialog", { name: "Pause Heads-up e2e" });
  await pause.getByLabel("Reason").fill("e2e: a short break");
  await pause.getByRole("button", { name: "Pause" }).click();
  await detail.getByTestId("paused").waitFor();
  assert.equal(await server.sql(`SELECT paused_reason FROM tournaments WHERE id = ${id}`), "e2e: a short break");
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Tournaments" }).click();
  await page.getByTestId(`tournament-${id}`).getByTestId("paused").waitFor();
  await page.screenshot({ path: screenshotPath("operator-paused") });
  await page.getByTestId(`tournament-${id}`).getByRole("link", { name: "Heads-up e2e" }).click();
  await detail.getByRole("button", { name: "Resume" }).click();
  const resume = page.getByRole("dialog", { name: "Resume Heads-up e2e" });
  await resume.getByLabel("Reason").fill("e2e: back to play");
  await resume.getByRole("button", { name: "Resume" }).click();
  await detail.getByRole("button", { name: "Pause" }).waitFor();
  assert.equal(await detail.getByTestId("paused").count(), 0);

  // Its hands (the first is committed by now), and one saved as PokerStars text through the
  // bearer-authenticated download.
  await server.waitForLog(`event=hand_committed table=${id}:0 hand=1`);
  await detail.getByRole("link", { name: "Hands" }).click();
  const hands = page.getByTestId("hands");
  await hands.getByTestId("hand").first().waitFor();
  const saving = page.waitForEvent("download");
  await hands.getByTestId("hand").last().getByRole("button", { name: "PokerStars" }).click();
  const saved = await saving;
  assert.match(saved.suggestedFilename(), new RegExp(`^tavolo-t${id}-table0-hand\\d+\\.txt$`));
  const text = readFileSync((await saved.path())!, "utf8");
  assert.match(text, /^PokerStars Hand #\d+: Tournament #\d+/);
  await page.screenshot({ path: screenshotPath("operator-hands") });

  assert.deepEqual(problemsOf(page), [], "nothing went wrong in the page");
  bots.stop();
  await bots.done;
  assert.equal(await server.stop(), 0);
});

test("a player's account and an ended session go back to the log-in form with a message", async () => {
  const server = await startServer();
  await server.addAdmin(ADMIN, PASSWORD);
  await server.addAdmin("bea", "bea-password-1");
  const login = await server.api("POST", "/api/v1/login", { body: { name: ADMIN, password: PASSWORD } });
  assert.equal(login.status, 200);
  const players = await server.api("GET", "/api/v1/players?name=bea", { token: login.body.token });
  const bea = players.body.players[0].id as number;
  const demoted = await server.api("PUT", `/api/v1/players/${bea}/role`, {
    token: login.body.token,
    body: { role: "player", reason: "e2e: not an operator any more" },
  });
  assert.equal(demoted.status, 200);

  const browser = await launchChromium();
  const page = await newPage(browser);
  await logIn(page, server, "bea", "bea-password-1");
  await waitForText(page.getByTestId("login-error"), /This account is not an operator/);
  await page.screenshot({ path: screenshotPath("operator-not-an-operator") });

  // A token the server no longer knows (expired, revoked): back to the form, saying so.
  await logIn(page, server, ADMIN, PASSWORD);
  await page.getByRole("heading", { name: "Tournaments" }).waitFor();
  await page.evaluate(() => sessionStorage.setItem("tavolo.operator.token", "forged"));
  await page.reload();
  await waitForText(page.getByTestId("login-notice"), /Your session ended .*Log in again\./);

  // The refused calls themselves, and a poll cut short by the reload.
  const problems = problemsOf(page).filter((p: string) => !/status of 401|ERR_ABORTED/.test(p));
  assert.deepEqual(problems, [], "nothing else went wrong in the page");
  assert.equal(await server.stop(), 0);
});
