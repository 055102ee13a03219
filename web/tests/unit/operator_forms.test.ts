// The operator dashboard's pure parts: euros typed and shown (integer cents, never a float in between),
// the tournament form's keys turned into the API's declaration, and the live feed's events in words.
import assert from "node:assert/strict";
import { test } from "node:test";

import { describe } from "../../src/operator/describe";
import { amountString, formatCents, parseEuros } from "../../src/operator/money";
import { declaration } from "../../src/operator/tournament_fields";

test("typed euros become integer cents, and anything else says what to type", () => {
  assert.deepEqual(parseEuros("25"), { cents: 2500 });
  assert.deepEqual(parseEuros("25.5"), { cents: 2550 });
  assert.deepEqual(parseEuros(" 25,50 "), { cents: 2550 });
  assert.deepEqual(parseEuros("€0.07"), { cents: 7 });
  // 0.1 + 0.2 style errors cannot happen: the digits are read as digits.
  assert.deepEqual(parseEuros("1234567.89"), { cents: 123456789 });
  for (const bad of ["", "-1", "1.234", "1,234.50", "ten", "1e3", "25.", ".5"])
    assert.ok("error" in parseEuros(bad), `"${bad}" is refused`);
  assert.deepEqual(amountString("10"), { value: "10.00" });
  assert.deepEqual(amountString("0,5"), { value: "0.50" });
  assert.deepEqual(amountString(""), { value: "" });
});

test("cents are shown as euros", () => {
  assert.equal(formatCents(1100), "€11.00");
  assert.equal(formatCents(102550), "€1,025.50");
  assert.equal(formatCents(-1100), "-€11.00");
  assert.equal(formatCents(null), "—");
});

test("the form's text becomes the declaration the API reads; empty keys are left to the defaults", () => {
  const ok = declaration({
    name: " Sunday ",
    game: "holdem",
    kind: "sng",
    betting: "nl",
    seats: "6",
    buy_in: "10",
    fee: "1,00",
    payout: "65, 35",
    levels: "25/50, 50/100, 300/600/25",
    breaks: "false",
    reentry: "",
    mode: "casino", // Polacco's: not sent for hold'em
  });
  assert.deepEqual(ok, {
    body: {
      name: "Sunday",
      game: "holdem",
      kind: "sng",
      betting: "nl",
      seats: 6,
      buy_in: "10.00",
      fee: "1.00",
      payout: [65, 35],
      levels: [
        [25, 50],
        [50, 100],
        [300, 600, 25],
      ],
      breaks: false,
    },
  });
  const polacco = declaration({ name: "P", game: "polacco", betting: "nl", mode: "casino", bonus: "true" });
  assert.deepEqual(polacco, { body: { name: "P", game: "polacco", mode: "casino", bonus: true } });
  assert.deepEqual(declaration({ name: "x", game: "holdem", seats: "six" }), {
    field: "seats",
    message: "Seats per table: type a whole number.",
  });
  assert.equal((declaration({ name: "x", game: "holdem", levels: "25-50" }) as { field: string }).field, "levels");
  assert.equal((declaration({ name: "x", game: "holdem", buy_in: "10.001" }) as { field: string }).field, "buy_in");
  assert.equal((declaration({ game: "holdem" }) as { field: string }).field, "name");
});

test("live feed events read as one line", () => {
  assert.equal(
    describe({
      type: "lobby",
      event: { lobbyUpdate: { tournament: { id: "3", name: "SNG", state: "TOURNAMENT_STATE_REGISTERING", entrants: 2, prizePoolCents: "2000" } } },
    }),
    "tournament 3 SNG: registering, 2 entrants, pool €20.00",
  );
  assert.equal(
    describe({
      type: "table",
      tournament: 3,
      table: 0,
      event: { tableSeq: "23", tableEvent: { table: { tournamentId: "3" }, hand: "1", acted: { seat: 3, action: "POKER_ACTION_KIND_FOLD" } } },
    }),
    "hand 1 · acted {seat: 3, action: FOLD}",
  );
  assert.equal(
    describe({ type: "table", tournament: 3, table: 0, event: { tableSeq: "9", chatLine: { id: "4", from: "pia", text: "ciao" } } }),
    "chat #4 pia: ciao",
  );
  assert.equal(describe({ type: "hello", operator: "ada" }), "connected as ada");
});
