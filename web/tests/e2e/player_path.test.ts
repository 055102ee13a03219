// Issue 13, "a person's path": a newcomer opens `/`, creates an account, registers for a Sit&Go and
// plays it against two bots to its end with the client's buttons only (check and call, a bet from the
// ½-pot preset, a pre-action, then all-in), sees the result and the wallet, and the wallet is what the
// ledger says. In Italian, at a desktop's size; the screenshots are saved (web/test-results/), and
// with TAVOLO_UPDATE_SCREENSHOTS=1 the table in play also goes to docs/images/web-table.png (the
// README's picture).
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";

import { runBots } from "../support/bots";
import { launchChromium, newPage, problemsOf, screenshotPath } from "../support/browser";
import {
  allIn,
  checkOrCall,
  createAccountIt,
  currentTurn,
  endDialog,
  tournamentId,
  tournamentRow,
  turnBar,
  turnOrEnd,
} from "../support/player_ui";
import { projectRoot } from "../support/paths";
import { startServer } from "../support/server";

const toml = `
[[tournament]]
name = "Sit&Go della sera"
game = "holdem"
seats = 3
buy_in = "10.00"
fee = "1.00"
starting_stack = 1500
level_minutes = 2
action_seconds = 60
`;

test("a person's path: account, Sit&Go against bots played to the end through the UI, result and wallet", async () => {
  const server = await startServer({ toml, clockSpeed: 8 });
  const browser = await launchChromium();
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 }, locale: "it-IT" });

  // The newcomer: Italian words, a starting balance written as in Italy.
  await createAccountIt(page, server.httpUrl, "giulia", "1.000,00 €");
  assert.equal(await page.locator("html").getAttribute("lang"), "it");
  const row = tournamentRow(page, "Sit&Go della sera");
  await row.getByText("10,00 € + 1,00 €").waitFor();
  const id = await tournamentId(page, "Sit&Go della sera");
  await page.screenshot({ path: screenshotPath("path-1-lobby") });

  await row.getByRole("button", { name: "Iscriviti" }).click();
  await page.getByTestId("wallet").filter({ hasText: "989,00 €" }).waitFor();
  await row.getByTestId("entrants").filter({ hasText: "1/3" }).waitFor();
  const bots = runBots(server, { count: 2, tournament: id, strategy: "calling" });

  // The Sit&Go fills and starts: the table comes to the front.
  await page.getByTestId(`table-tab-${id}-0`).waitFor();
  await page.getByTestId("board").or(turnBar(page)).first().waitFor();

  let turns = 0;
  let usedPreset = false;
  let usedPreAction = false;
  let pictured = false;
  let answered: string | null = null;
  while (await turnOrEnd(page, answered)) {
    turns += 1;
    answered = await currentTurn(page);
    const bar = turnBar(page);
    if (!pictured) {
      // Her clock runs on her seat while she decides (the action clock, then the time bank).
      await page.locator(".tv-seat--mine [data-testid=clock]").waitFor();
      await page.screenshot({ path: screenshotPath("path-2-table") });
      pictured = true;
    }
    if (turns <= 2) {
      await checkOrCall(page);
    } else if (!usedPreset && (await bar.getByRole("button", { name: "½ piatto" }).isVisible())) {
      // A bet from the ½-pot preset: the amount lands inside the legal range shown by the slider.
      await bar.getByRole("button", { name: "½ piatto" }).click();
      const amount = Number(await bar.getByTestId("amount").inputValue());
      const slider = bar.getByTestId("amount-slider");
      const [min, max] = [Number(await slider.getAttribute("min")), Number(await slider.getAttribute("max"))];
      assert.ok(amount >= min && amount <= max, `½ pot ${amount} within [${min}, ${max}]`);
      await bar.getByRole("button", { name: /^(Punta|Rilancia a|All-in) / }).click();
      usedPreset = true;
    } else if (usedPreset && !usedPreAction) {
      // Acts now, then ticks "Vedi tutto" for the next turn: the client answers it by itself.
      await checkOrCall(page);
      const pre = page.getByTestId("actions").getByLabel("Vedi tutto");
      if (await pre.isVisible().catch(() => false)) {
        await pre.check().catch(() => {}); // the hand may end first: then the next turn is played by hand
        usedPreAction = true;
      }
    } else {
      await allIn(page);
    }
  }
  await page.screenshot({ path: screenshotPath("path-3-result") });
  assert.ok(turns >= 3, `played ${turns} turns through the UI: ${await endDialog(page).first().textContent()}`);
  assert.ok(usedPreset, "a bet was made from a preset");

  // The end: his place, and the wallet as the ledger has it.
  await page.screenshot({ path: screenshotPath("path-3-result") });
  const summary = await bots.done;
  assert.equal(summary.code, 0, summary.summary);
  const cents = Number(
    await server.sql("SELECT w.balance FROM wallets w JOIN accounts a ON a.id = w.account_id WHERE a.name = 'giulia'"),
  );
  const euros = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" }).format(cents / 100);
  await page.getByTestId("wallet").filter({ hasText: euros.replace(/^(\d)(\d{3}),/, "$1.$2,") }).waitFor();
  assert.ok(cents === 98_900 || cents > 98_900, "the buy-in paid, a prize added when placed");

  // Back in the lobby, the tournament's result stays with the places.
  for (const d of await endDialog(page).all()) {
    if (await d.isVisible()) await d.getByRole("button", { name: "Torna alla lobby" }).click();
  }
  await page.getByTestId("nav-lobby").click().catch(() => {});
  const outcome = page.getByTestId(`outcome-${id}`);
  await outcome.waitFor();
  await outcome.getByTestId("results").or(outcome.getByTestId("outcome-line")).first().waitFor();
  await page.screenshot({ path: screenshotPath("path-4-lobby-after") });
  assert.deepEqual(problemsOf(page), []);

  if (process.env.TAVOLO_UPDATE_SCREENSHOTS === "1") {
    const target = join(projectRoot(), "docs", "images", "web-table.png");
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(screenshotPath("path-2-table"), target);
  }
});
