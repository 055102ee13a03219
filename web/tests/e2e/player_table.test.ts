// The table in Chromium against a real server, through the UI only: a heads-up hold'em where the
// amount box and presets stay inside the legal range and a raise typed with the keyboard reaches the
// hand history as typed; a five-card draw where the two cards picked are the two exchanged; a Poker
// Polacco hand where the direction is chosen and a Punto picked in words is declared; a phone's screen
// with every action in view. Screenshots in web/test-results/table-*.png.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";

import { runBots } from "../support/bots";
import { launchChromium, newPage, problemsOf, screenshotPath } from "../support/browser";
import { type TestServer, startServer } from "../support/server";

const toml = `
[accounts]
starting_balance = "100.00"

[[tournament]]
name = "HU table"
game = "holdem"
kind = "headsup"
buy_in = "5.00"
fee = "0.50"
action_seconds = 120

[[tournament]]
name = "HU phone"
game = "holdem"
kind = "headsup"
buy_in = "5.00"
fee = "0.50"
action_seconds = 120

[[tournament]]
name = "HU two players"
game = "holdem"
kind = "headsup"
buy_in = "5.00"
fee = "0.50"
action_seconds = 120

[[tournament]]
name = "Draw table"
game = "draw"
betting = "pl"
seats = 2
buy_in = "5.00"
fee = "0.50"
action_seconds = 120

[[tournament]]
name = "Polacco table"
game = "polacco"
seats = 3
buy_in = "2.00"
fee = "0.20"
turn_seconds = 120
`;

let server: TestServer;
let browser: Browser;
let accounts = 0;

/** A new account in a fresh page, registered for `tournament` (no table yet). */
async function registered(tournament: string, viewport?: { width: number; height: number }): Promise<{ page: Page; id: number }> {
  const page = await newPage(browser, viewport ? { viewport } : {});
  await page.goto(server.httpUrl + "/");
  await page.getByRole("tab", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill(`table${++accounts}`);
  await page.getByLabel("Password").fill("correct horse");
  await page.getByRole("button", { name: "Create account" }).click();
  const row = page.locator("[data-testid^=tournament-]", { has: page.getByText(tournament, { exact: true }) });
  const id = Number((await row.getAttribute("data-testid"))!.split("-")[1]);
  await row.getByRole("button", { name: "Register" }).click();
  // Registered: the lobby says so, or the last seat filled and the table is there already.
  await row.getByRole("button", { name: "Unregister" }).or(page.getByTestId("seat-0")).first().waitFor();
  return { page, id };
}

/** A new account in a fresh page, registered for `tournament`, with `bots` bots joining it. */
async function seated(
  tournament: string,
  bots: number,
  strategy: string,
  viewport?: { width: number; height: number },
): Promise<{ page: Page; id: number }> {
  const { page, id } = await registered(tournament, viewport);
  runBots(server, { count: bots, tournament: id, strategy });
  await page.getByTestId("seat-0").waitFor();
  return { page, id };
}

/** The action bar once it is the viewer's turn (its buttons enabled). */
async function myTurn(page: Page): Promise<Locator> {
  const bar = page.getByTestId("actions");
  await bar.locator("button.tv-act:not([disabled])").first().waitFor();
  return bar;
}

/** Acts (a key, or a click) and waits until the table has moved past that decision. */
async function answer(page: Page, act: () => Promise<void>): Promise<void> {
  const bar = page.getByTestId("actions");
  const decision = await bar.getAttribute("data-turn");
  assert.ok(decision, "it is the viewer's turn");
  await act();
  await page.locator(`[data-testid=actions]:not([data-turn="${decision}"])`).waitFor();
}

/** Plays check or call until the bar offers a bet or raise with a range (not a single amount). */
async function untilSizing(page: Page): Promise<Locator> {
  for (;;) {
    const bar = await myTurn(page);
    if (await bar.getByTestId("amount").count()) return bar;
    await answer(page, () => page.keyboard.press("c"));
  }
}

/** The `actions = [...]` line of the hand history (PHH) of hand `hand` of the tournament's table. */
async function actionsOf(tournament: number, hand: number): Promise<string> {
  return server.sql(
    `SELECT (regexp_match(h.phh, 'actions = [^\\n]*'))[1] FROM hands h JOIN tournament_tables t ON t.id = h.table_id ` +
      `WHERE t.tournament_id = ${tournament} AND h.hand_number = ${hand}`,
  );
}

/** The hand number the stakes line shows. */
async function handNumber(page: Page): Promise<number> {
  return Number(/Hand #(\d+)/.exec((await page.locator(".tv-stakes").textContent()) ?? "")?.[1]);
}

/** Checks or calls whenever it is the viewer's turn until hand `hand + 1` starts (hand `hand` committed). */
async function playOut(page: Page, hand: number): Promise<void> {
  const next = page.locator(".tv-stakes").filter({ hasText: `Hand #${hand + 1}` });
  const turn = page.getByTestId("actions").locator("button.tv-act:not([disabled])").first();
  for (;;) {
    await Promise.race([next.waitFor(), turn.waitFor()]);
    if (await next.count()) return;
    await answer(page, () => page.keyboard.press("c"));
  }
}

test("the table", async (t) => {
  server = await startServer({ toml });
  browser = await launchChromium();
  await t.test("heads-up: amounts held in range, a typed raise sent as typed", headsUp);
  await t.test("pre-actions: Check cleared by a raise, Call any applied when the turn comes", preActions);
  await t.test("five-card draw: the cards picked are the cards exchanged", draw);
  await t.test("Poker Polacco: the direction, a Punto picked in words and declared", polacco);
  await t.test("a phone's screen: the felt fits, every action in view", phone);
});

async function headsUp(): Promise<void> {
  const { page, id } = await seated("HU table", 1, "calling");
  const bar = await untilSizing(page);
  const box = bar.getByTestId("amount");
  const slider = bar.getByTestId("amount-slider");
  const min = Number(await slider.getAttribute("min"));
  const max = Number(await slider.getAttribute("max"));
  assert.ok(min > 0 && max > min, `a legal range [${min}, ${max}]`);
  const boxValue = async () => Number((await box.inputValue()).replace(/\./g, ""));

  // Too much or too little is held at the ends of the range when the box is left.
  await box.fill(String(max * 10));
  await box.blur();
  assert.equal(await boxValue(), max);
  await bar.locator("button.tv-act--bet").filter({ hasText: /^All-in / }).waitFor();
  await box.fill("1");
  await box.blur();
  assert.equal(await boxValue(), min);

  // Every preset lands inside the range.
  for (const preset of await bar.locator("button.tv-preset").all()) {
    await preset.click();
    const v = await boxValue();
    assert.ok(v >= min && v <= max, `${await preset.textContent()}: ${v} in [${min}, ${max}]`);
  }
  await page.screenshot({ path: screenshotPath("table-heads-up") });

  // R goes to the amount box; Enter sends what was typed.
  const amount = min + 7 <= max ? min + 7 : max;
  await page.keyboard.press("r");
  await page.keyboard.type(String(amount));
  await bar.locator("button.tv-act--bet").filter({ hasText: new RegExp(`\\b${amount}$`) }).waitFor();
  const hand = await handNumber(page);
  await answer(page, () => page.keyboard.press("Enter"));
  // The calling bot answers; the next hand starts once this one is committed.
  await playOut(page, hand);
  const phh = await actionsOf(id, hand);
  assert.match(phh, new RegExp(`cbr ${amount}'`), phh);
  assert.deepEqual(problemsOf(page), []);
  await page.context().close();
}

async function preActions(): Promise<void> {
  // Two people heads-up: the one to act and the one waiting, who ticks his pre-actions.
  const a = await registered("HU two players");
  const b = await registered("HU two players");
  const turnOf = async (p: Page) => (await p.getByTestId("actions").getAttribute("data-turn")) !== null;
  await Promise.race([a.page, b.page].map((p) => p.locator("[data-testid=actions][data-turn]").waitFor()));
  const [actor, waiter] = (await turnOf(a.page)) ? [a.page, b.page] : [b.page, a.page];
  const pre = (name: string) => waiter.getByRole("checkbox", { name, exact: true });

  // "Check" stands for the bet the waiter faced when he ticked it: a raise clears it, and he is asked.
  await pre("Check").check();
  await actor.getByTestId("actions").locator("button.tv-act--bet").click();
  const bar = await myTurn(waiter);
  await bar.locator("button.tv-act--call").waitFor();
  await waiter.screenshot({ path: screenshotPath("table-pre-action-cleared") });
  await answer(waiter, () => bar.locator("button.tv-act--call").click());

  // After the flop, "Call any" ticked while the other bets is answered at once: the turn card comes
  // without the waiter touching his bar. (Post-flop the first to act is the big blind: the old waiter.)
  await waiter.getByTestId("board").locator(".tv-card").nth(2).waitFor();
  const [first, second] = (await turnOf(waiter)) ? [waiter, actor] : [actor, waiter];
  await second.getByRole("checkbox", { name: "Call any" }).check();
  await second.screenshot({ path: screenshotPath("table-pre-action") });
  await answer(first, () => first.getByTestId("actions").locator("button.tv-act--bet").click());
  await second.getByTestId("board").locator(".tv-card").nth(3).waitFor();
  assert.equal(await second.getByRole("checkbox", { name: "Call any" }).isChecked().catch(() => false), false);
  for (const p of [a.page, b.page]) {
    assert.deepEqual(problemsOf(p), []);
    await p.context().close();
  }
}

async function draw(): Promise<void> {
  const { page, id } = await seated("Draw table", 1, "calling");
  // Check or call until the draw.
  for (;;) {
    const bar = await myTurn(page);
    if (await bar.getByRole("button", { name: "Stand pat" }).count()) break;
    await answer(page, () => page.keyboard.press("c"));
  }
  const bar = page.getByTestId("actions");
  const mine = page.locator(".tv-seat--mine button.tv-card");
  const picked = [await mine.nth(0).getAttribute("data-card"), await mine.nth(3).getAttribute("data-card")];
  await mine.nth(0).click();
  await mine.nth(3).click();
  await page.locator(".tv-seat--mine .tv-card--picked").nth(1).waitFor();
  await page.screenshot({ path: screenshotPath("table-draw") });
  const hand = await handNumber(page);
  await answer(page, () => bar.getByRole("button", { name: "Discard 2" }).click());
  // The two picked are gone from the hand; the history says so.
  for (const code of picked) await page.locator(`.tv-seat--mine [data-card="${code}"]`).waitFor({ state: "detached" });
  await playOut(page, hand);
  const phh = await actionsOf(id, hand);
  const discard = /'p\d sd ([0-9TJQKAcdhs]+)'/.exec(phh);
  assert.ok(discard, phh);
  assert.deepEqual([...(discard[1]!.match(/../g) ?? [])].sort(), [...picked].sort());
  assert.deepEqual(problemsOf(page), []);
  await page.context().close();
}

async function polacco(): Promise<void> {
  const { page } = await seated("Polacco table", 2, "random");
  for (;;) {
    const bar = await myTurn(page);
    const clockwise = bar.getByRole("button", { name: /Clockwise/ });
    if (await clockwise.count()) {
      await answer(page, () => clockwise.click());
      await page.getByTestId("direction").filter({ hasText: "Clockwise" }).waitFor();
      continue;
    }
    const declare = bar.getByRole("button", { name: /^Declare: / });
    if (!(await declare.count())) {
      // Only a doubt (or a pass) left: take it and wait for a turn with a declaration.
      await answer(page, () => bar.locator("button.tv-act").first().click());
      continue;
    }
    // The picker offers only what may be declared: take the highest kind, then its highest rank.
    const kinds = await bar.getByTestId("punto-kind").locator("option").allTextContents();
    await bar.getByTestId("punto-kind").selectOption({ label: kinds[kinds.length - 1]! });
    const ranks = await bar.getByTestId("punto-rank").locator("option").allTextContents();
    await bar.getByTestId("punto-rank").selectOption({ label: ranks[ranks.length - 1]! });
    const words = ((await declare.textContent()) ?? "").replace(/^Declare: /, "");
    assert.ok(words.length > 0);
    await page.screenshot({ path: screenshotPath("table-polacco") });
    await answer(page, () => declare.click());
    // Declared: the Punto in words over the declarer's seat (or already the last one in the middle).
    await page
      .locator(".tv-seat--mine [data-testid=said], [data-testid=last-punto]")
      .filter({ hasText: words })
      .first()
      .waitFor();
    break;
  }
  assert.deepEqual(problemsOf(page), []);
  await page.context().close();
}

async function phone(): Promise<void> {
  const { page } = await seated("HU phone", 1, "calling", { width: 390, height: 844 });
  const bar = await untilSizing(page);
  await page.screenshot({ path: screenshotPath("table-phone") });
  // Nothing wider than the screen; every button of the bar and the bar itself within it.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390));
  const screen = { width: 390, height: 844 };
  for (const el of [bar, ...(await bar.locator("button, input").all())]) {
    const box = (await el.boundingBox())!;
    assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= screen.width + 0.5 && box.y + box.height <= screen.height + 0.5, `${await el.textContent()} at ${JSON.stringify(box)}`);
  }
  // The felt fits: every seat on the screen; each control is the element at its own centre (nothing
  // covers it), so a tap reaches it.
  for (const seat of await page.locator("[data-testid^=seat-]").all()) {
    const box = (await seat.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= screen.width + 0.5 && box.y >= 0 && box.y + box.height <= screen.height + 0.5, `seat at ${JSON.stringify(box)}`);
  }
  for (const el of await bar.locator("button, input").all()) {
    const reachable = await el.evaluate((node) => {
      const r = node.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit === node || node.contains(hit);
    });
    assert.ok(reachable, `${await el.textContent()} is covered`);
  }
  // The viewer's seat is above the bar, not under it.
  const seat = (await page.locator(".tv-seat--mine .tv-seat__plate").boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  assert.ok(seat.y + seat.height <= barBox.y, `seat ${JSON.stringify(seat)} above the bar ${JSON.stringify(barBox)}`);
  await bar.getByRole("button", { name: "Fold" }).click();
  assert.deepEqual(problemsOf(page), []);
  await page.context().close();
}
