// The player client's catalogues: the same keys in both languages, the same placeholders in each
// pair, placeholders filled, and euros as the Italian rooms write them (the real Intl).
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatChips, formatMoney, setLanguage, t } from "../../src/i18n/index.js";
import { en } from "../../src/i18n/en.js";
import { it } from "../../src/i18n/it.js";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("both catalogues have the same keys", () => {
  assert.deepEqual(Object.keys(en).sort(), Object.keys(it).sort());
});

test("each key has the same placeholders in both languages", () => {
  for (const key of Object.keys(it) as (keyof typeof it)[])
    assert.deepEqual(placeholders(en[key]), placeholders(it[key]), `placeholders of ${key}`);
});

test("no text is empty", () => {
  for (const [key, text] of [...Object.entries(it), ...Object.entries(en)]) assert.ok(text.trim() !== "", key);
});

test("t fills placeholders in the current language and leaves unknown ones", () => {
  setLanguage("it");
  assert.equal(t("lobby.entrants", { entrants: 3, max: 6 }), "3/6");
  assert.equal(t("news.moved", { table: 2, seat: 5 }), "Sei stato spostato al tavolo 2, posto 5.");
  assert.equal(t("tables.table", {}), "Tavolo {table}");
  setLanguage("en");
  assert.equal(t("news.moved", { table: 2, seat: 5 }), "You were moved to table 2, seat 5.");
  setLanguage("it");
});

test("the reconnecting banner says what the brief asks", () => {
  setLanguage("it");
  assert.equal(t("connection.reconnecting"), "Connessione persa: riconnessione in corso...");
});

test("money in euros as written in Italy", () => {
  assert.equal(formatMoney(123450).replace(/\u00a0/g, " "), "1.234,50 €");
  assert.equal(formatMoney(1000).replace(/\u00a0/g, " "), "10,00 €");
  assert.equal(formatMoney(5).replace(/\u00a0/g, " "), "0,05 €");
  assert.equal(formatMoney(123456789).replace(/\u00a0/g, " "), "1.234.567,89 €");
  assert.equal(formatMoney(-123450).replace(/\u00a0/g, " "), "-1.234,50 €");
});

test("chips grouped the same way", () => {
  assert.equal(formatChips(1500), "1.500");
  assert.equal(formatChips(12000), "12.000");
  assert.equal(formatChips(250), "250");
});
