// What the player e2e tests do through the player client's UI (Italian words: the rooms' language):
// create an account, find a tournament's row, wait for a turn, act with the buttons.
import type { Locator, Page } from "playwright-core";

export const kPassword = "una password lunga";

/** Opens `/` and creates the account through the form (Italian); returns when the wallet shows. */
export async function createAccountIt(page: Page, httpUrl: string, name: string, wallet: string): Promise<void> {
  await page.goto(httpUrl + "/");
  await page.getByRole("tab", { name: "Crea un conto" }).click();
  await page.getByLabel("Nome").fill(name);
  await page.getByLabel("Password").fill(kPassword);
  await page.getByRole("button", { name: "Crea il conto" }).click();
  await page.getByTestId("wallet").filter({ hasText: wallet }).waitFor();
}

export function tournamentRow(page: Page, name: string): Locator {
  return page.locator("[data-testid^=tournament-]", { has: page.getByText(name, { exact: true }) });
}

export async function tournamentId(page: Page, name: string): Promise<number> {
  return Number((await tournamentRow(page, name).getAttribute("data-testid"))!.split("-")[1]);
}

/** The action bar while it is this player's turn. */
export function turnBar(page: Page): Locator {
  return page.locator("[data-testid=actions].tv-actions--turn");
}

/** The dialogs that end a player's tournament: his elimination, or the results. */
export function endDialog(page: Page): Locator {
  return page.getByTestId("dialog-eliminated").or(page.getByTestId("dialog-outcome"));
}

/** "hand:decision" of the turn on show (the action bar's data-turn), or null between turns. */
export async function currentTurn(page: Page): Promise<string | null> {
  const bar = turnBar(page);
  return (await bar.count()) > 0 ? bar.first().getAttribute("data-turn") : null;
}

/**
 * Waits for a turn of this player other than `answered` (true), or the end of his tournament
 * (false). `answered` is the data-turn of the turn he last acted on: the next one may come before
 * the bar ever leaves "your turn" (the others act at once).
 */
export async function turnOrEnd(page: Page, answered: string | null = null, timeout = 120_000): Promise<boolean> {
  const fresh = answered
    ? page.locator(`[data-testid=actions].tv-actions--turn:not([data-turn="${answered}"])`)
    : turnBar(page);
  await fresh.or(endDialog(page)).first().waitFor({ timeout });
  return !(await endDialog(page).first().isVisible());
}

/** Check when it is free, else call (Italian: Passa / Vedi N). */
export async function checkOrCall(page: Page): Promise<void> {
  const bar = turnBar(page);
  const check = bar.getByRole("button", { name: "Passa", exact: true });
  if (await check.isVisible()) return check.click();
  return bar.getByRole("button", { name: /^Vedi / }).click();
}

/** Everything in: the all-in preset, then the button that sends it (or the all-in call). */
export async function allIn(page: Page): Promise<void> {
  const bar = turnBar(page);
  const preset = bar.getByRole("button", { name: "Tutto", exact: true });
  if (await preset.isVisible()) {
    await preset.click();
    return bar.getByRole("button", { name: /^(All-in|Punta|Rilancia a) / }).click();
  }
  return checkOrCall(page); // no bet left to make: calling puts the rest in
}
