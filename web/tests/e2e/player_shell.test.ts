// The player client's shell in Chromium against a real server: accounts (with their refusals), the
// live lobby with its filters, registering and unregistering with the wallet, a table that appears
// when the tournament starts, chat, the reconnect banner, a reload that resumes, another tab taking
// the session over, the hand history's replayer, a tournament played to its end with the result and
// the wallet after it, log out, the languages, and a phone's screen. Everything through the UI.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser, Page } from "playwright-core";

import { runBots } from "../support/bots";
import { launchChromium, newPage, problemsOf, screenshotPath } from "../support/browser";
import { type TestServer, startServer } from "../support/server";

const kPassword = "correct horse";
const toml = `
[accounts]
starting_balance = "100.00"

[[tournament]]
name = "Sit&Go a tre"
game = "holdem"
seats = 3
buy_in = "10.00"
fee = "1.00"

[[tournament]]
name = "Heads-up"
game = "holdem"
kind = "headsup"
buy_in = "5.00"
fee = "0.50"
action_seconds = 60

[[tournament]]
name = "Polacco"
game = "polacco"
seats = 3
buy_in = "2.00"
fee = "0.20"
`;

let server: TestServer;
let browser: Browser;

async function createAccount(page: Page, name: string): Promise<void> {
  await page.goto(server.httpUrl + "/");
  await page.getByRole("tab", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(kPassword);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByTestId("wallet").filter({ hasText: "100,00 €" }).waitFor();
}

function row(page: Page, name: string) {
  return page.locator("[data-testid^=tournament-]", { has: page.getByText(name, { exact: true }) });
}

async function idOf(page: Page, name: string): Promise<number> {
  return Number((await row(page, name).getAttribute("data-testid"))!.split("-")[1]);
}

test("the player client's shell", async (t) => {
  // One server and one browser for the parts below; the harness ends both when this test ends.
  server = await startServer({ toml, clockSpeed: 20 });
  browser = await launchChromium();
  await t.test("accounts, the live lobby with its filters, registering with the wallet, the languages", accounts);
  await t.test(
    "a table appears, chat, the reconnect banner, a reload resumes, another tab takes over, the history replays",
    tables,
  );
  await t.test("a phone's screen: the header, the lobby as cards, nothing wider than the screen", phone);
});

async function accounts(): Promise<void> {
  // with its filters, registering with the wallet, the languages", async () => {
  const page = await newPage(browser);
  await page.goto(server.httpUrl + "/");
  assert.equal(await page.locator("html").getAttribute("lang"), "en");

  // The rules are checked before sending; the server's refusals are told in words.
  await page.getByRole("tab", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill("alice");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByTestId("login-error").filter({ hasText: "at least 8 characters" }).waitFor();
  await page.getByLabel("Password").fill(kPassword);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByTestId("wallet").filter({ hasText: "100,00 €" }).waitFor();

  const other = await newPage(browser);
  await other.goto(server.httpUrl + "/");
  await other.getByRole("tab", { name: "Create an account" }).click();
  await other.getByLabel("Name").fill("alice");
  await other.getByLabel("Password").fill(kPassword);
  await other.getByRole("button", { name: "Create account" }).click();
  await other.getByTestId("login-error").filter({ hasText: "This name is taken" }).waitFor();
  await other.getByRole("tab", { name: "Log in" }).click();
  await other.getByLabel("Password").fill("not the password");
  await other.getByRole("button", { name: "Log in" }).last().click();
  await other.getByTestId("login-error").filter({ hasText: "Wrong name or password" }).waitFor();
  await other.context().close();

  // Every tournament, with game, price and the start rule; the filters narrow it.
  for (const name of ["Sit&Go a tre", "Heads-up", "Polacco"]) await row(page, name).waitFor();
  await row(page, "Sit&Go a tre").getByText("10,00 € + 1,00 €").waitFor();
  await row(page, "Polacco").getByText("Poker Polacco").waitFor();
  await page.getByTestId("filter-game").selectOption({ label: "Poker Polacco" });
  await row(page, "Sit&Go a tre").waitFor({ state: "detached" });
  assert.equal(await page.locator("[data-testid^=tournament-]").count(), 1);
  await page.getByRole("button", { name: "Reset filters" }).click();
  await page.getByTestId("filter-max").fill("6");
  await row(page, "Sit&Go a tre").waitFor({ state: "detached" });
  await row(page, "Heads-up").waitFor();
  await page.getByTestId("filter-kind").selectOption({ label: "Heads-up" });
  assert.equal(await page.locator("[data-testid^=tournament-]").count(), 1);
  await page.screenshot({ path: screenshotPath("shell-lobby-filtered") });
  await page.getByRole("button", { name: "Reset filters" }).click();

  // Registering takes buy-in and fee from the wallet; unregistering gives them back.
  const sng = row(page, "Sit&Go a tre");
  await sng.getByRole("button", { name: "Register" }).click();
  await page.getByTestId("wallet").filter({ hasText: "89,00 €" }).waitFor();
  await sng.getByTestId("entrants").filter({ hasText: "1/3" }).waitFor();
  await sng.getByRole("button", { name: "Unregister" }).click();
  await page.getByTestId("wallet").filter({ hasText: "100,00 €" }).waitFor();
  await sng.getByTestId("entrants").filter({ hasText: "0/3" }).waitFor();

  // The entrants are live: a bot registering shows without a reload.
  const bots = runBots(server, { count: 1, tournament: await idOf(page, "Sit&Go a tre"), strategy: "calling" });
  await sng.getByTestId("entrants").filter({ hasText: "1/3" }).waitFor();
  bots.stop();

  // Italian: the words, the page's language, and the choice kept across a reload.
  await page.getByRole("button", { name: "IT", exact: true }).click();
  assert.equal(await page.locator("html").getAttribute("lang"), "it");
  await sng.getByRole("button", { name: "Iscriviti" }).waitFor();
  await page.reload();
  await row(page, "Sit&Go a tre").getByRole("button", { name: "Iscriviti" }).waitFor();
  await page.getByRole("button", { name: "EN", exact: true }).click();
  assert.deepEqual(problemsOf(page), []);
  await page.context().close();
}

async function tables(): Promise<void> {
  const page = await newPage(browser);
  await createAccount(page, "bruno");
  const id = await idOf(page, "Heads-up");
  await row(page, "Heads-up").getByRole("button", { name: "Register" }).click();
  await page.getByTestId("wallet").filter({ hasText: "94,50 €" }).waitFor();
  const bots = runBots(server, { count: 1, tournament: id, strategy: "calling" });

  // The tournament starts: its table comes to the front in a tab.
  const tab = page.getByTestId(`table-tab-${id}-0`);
  await tab.waitFor();
  await page.getByTestId("seat-0").waitFor();

  await page.getByPlaceholder("Write to the table…").fill("buona fortuna");
  await page.getByRole("button", { name: "Send" }).click();
  await page.getByTestId("chat").getByText("buona fortuna").waitFor();

  // The connection drops: the banner says so until it is back, the table stays.
  await page.evaluate(() => (globalThis as unknown as { tavolo: { dropConnection(): void } }).tavolo.dropConnection());
  await page.getByTestId("reconnecting").filter({ hasText: "Connection lost: reconnecting..." }).waitFor();
  await page.screenshot({ path: screenshotPath("shell-reconnecting") });
  await page.getByTestId("reconnecting").waitFor({ state: "detached" });
  await tab.waitFor();

  // A reload resumes the session: no log in, the table back.
  await page.reload();
  await tab.waitFor();
  await page.getByTestId("wallet").filter({ hasText: "94,50 €" }).waitFor();

  // The same account in another browser takes the session over; this one explains and takes it back.
  const other = await newPage(browser);
  await other.goto(server.httpUrl + "/");
  await other.getByLabel("Name").fill("bruno");
  await other.getByLabel("Password").fill(kPassword);
  await other.getByRole("button", { name: "Log in" }).last().click();
  await other.getByTestId(`table-tab-${id}-0`).waitFor();
  await page.getByTestId("closed").filter({ hasText: "Session opened elsewhere" }).waitFor();
  await page.getByRole("button", { name: "Play here" }).click();
  await page.getByTestId("closed").waitFor({ state: "detached" });
  await tab.waitFor();
  await other.getByTestId("closed").waitFor();
  await other.context().close();

  // The hands seen are in the history; the replayer steps through one in words.
  await page.getByTestId("nav-history").click();
  await page.getByTestId("history").getByRole("button", { name: "Replay" }).first().click();
  const position = page.getByTestId("replay-position");
  await position.filter({ hasText: /^Step 0 of \d+$/ }).waitFor();
  await page.getByTestId("replay-step").filter({ hasText: "The hand as it started." }).waitFor();
  await page.getByTestId("replay-next").click();
  await position.filter({ hasText: /^Step 1 of / }).waitFor();
  await page.getByTestId("replay-last").click();
  const [, last] = /^Step (\d+) of (\d+)$/.exec((await position.textContent()) ?? "") ?? [];
  assert.ok(last && Number(last) > 1);
  await position.filter({ hasText: `Step ${last} of ${last}` }).waitFor();
  await page.getByTestId("replay-first").click();
  await position.filter({ hasText: /^Step 0 of / }).waitFor();
  await page.screenshot({ path: screenshotPath("shell-replayer") });

  // Played to its end through the UI (all-in every time): the result stays, with the wallet.
  await page.getByTestId("nav-tables").click();
  const ended = page.getByTestId("dialog-outcome").or(page.getByTestId("dialog-eliminated"));
  const allIn = page.getByTestId("actions").getByRole("button", { name: "All-in", exact: true });
  while (!(await ended.isVisible())) {
    await allIn.or(ended).first().waitFor({ timeout: 120_000 });
    if (await ended.isVisible()) break;
    await allIn.click().catch(() => {}); // the turn may have moved on meanwhile
    await page
      .getByTestId("actions")
      .getByRole("button", { name: /^All-in \d/ })
      .click({ timeout: 5_000 })
      .catch(() => {});
  }
  // The winner and the runner-up both see the results (the runner-up may see his elimination first).
  const won = /place 1\b/.test((await ended.first().textContent()) ?? "");
  await page.screenshot({ path: screenshotPath("shell-tournament-over") });
  // Winner: 94,50 + 10,00; second: out of the money.
  const wallet = won ? "104,50 €" : "94,50 €";
  await page.getByTestId("wallet").filter({ hasText: wallet }).waitFor();
  await page.getByRole("button", { name: "Back to the lobby" }).click();
  const outcome = page.getByTestId(`outcome-${id}`);
  await outcome.waitFor();
  if (won) await outcome.getByText("place 1, prize 10,00 €").waitFor();
  await page.getByTestId("nav-tables").click();
  await page.getByRole("button", { name: "Close the table" }).click();
  await tab.waitFor({ state: "detached" });
  await bots.done;

  // Log out: the log-in form, also after a reload.
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByLabel("Name").waitFor();
  await page.reload();
  await page.getByLabel("Name").waitFor();
  assert.deepEqual(
    problemsOf(page).filter((p) => !p.includes("/ws")), // the dropped socket is the test's doing
    [],
  );
  await page.context().close();
}

async function phone(): Promise<void> {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, locale: "it-IT" });
  await page.goto(server.httpUrl + "/");
  await page.getByRole("tab", { name: "Crea un conto" }).click();
  await page.getByLabel("Nome").fill("carla");
  await page.getByLabel("Password").fill(kPassword);
  await page.getByRole("button", { name: "Crea il conto" }).click();
  await page.getByTestId("wallet").filter({ hasText: "100,00 €" }).waitFor();
  await row(page, "Polacco").getByRole("button", { name: "Iscriviti" }).waitFor();
  assert.ok(await page.getByTestId("wallet").isVisible());
  for (const nav of ["nav-lobby", "nav-tables", "nav-history"]) assert.ok(await page.getByTestId(nav).isVisible(), nav);
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(widest <= 390, `the page is ${widest}px wide on a 390px screen`);
  // The filters fold away behind one button.
  assert.equal(await page.getByTestId("filter-game").isVisible(), false);
  await page.getByRole("button", { name: "Filtri" }).click();
  await page.getByTestId("filter-game").waitFor();
  await page.screenshot({ path: screenshotPath("shell-phone-lobby"), fullPage: true });
  assert.deepEqual(problemsOf(page), []);
  await page.context().close();
}
