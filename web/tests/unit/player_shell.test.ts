// The shell's pure helpers: the account rules, refusals in words, the replayer's line, what a hand
// meant for the player, the server's address.
import { create } from "@bufbuild/protobuf";
import assert from "node:assert/strict";
import { test } from "node:test";
import { type RecordedHand, TavoloError, fromSnapshot } from "../../sdk/index.js";
import { type TableEvent, TableEventSchema } from "../../sdk/gen/table_events_pb.js";
import { TableSnapshotSchema } from "../../sdk/gen/table_pb.js";
import { BlindKind, CardTarget, CardVisibility, ErrorCode, HandCategory, PokerActionKind, PuntoKind } from "../../sdk/gen/vocabulary_pb.js";
import { setLanguage } from "../../src/i18n/index.js";
import { credentialsProblem } from "../../src/player/credentials.js";
import { errorKey, errorText } from "../../src/player/error_text.js";
import { handOutcome } from "../../src/player/hand_outcome.js";
import { socketUrl } from "../../src/player/socket_url.js";
import { puntoText, stepText } from "../../src/player/step_text.js";

setLanguage("it");

test("account rules as the server's", () => {
  assert.equal(credentialsProblem("mario", "password1"), null);
  assert.equal(credentialsProblem("mo", "password1"), "login.rule.nameLength");
  assert.equal(credentialsProblem("m".repeat(21), "password1"), "login.rule.nameLength");
  assert.equal(credentialsProblem("mario rossi", "password1"), "login.rule.nameCharacters");
  assert.equal(credentialsProblem("niccolò", "password1"), "login.rule.nameCharacters");
  assert.equal(credentialsProblem("_mario", "password1"), "login.rule.nameStart");
  assert.equal(credentialsProblem("mario", "short"), "login.rule.passwordShort");
  assert.equal(credentialsProblem("mario", "pass\tword1"), "login.rule.passwordControl");
  assert.equal(credentialsProblem("mario", "p".repeat(129)), "login.rule.passwordLong");
});

test("refusals a player meets are in the catalogue", () => {
  for (const code of [
    ErrorCode.NAME_TAKEN,
    ErrorCode.WRONG_CREDENTIALS,
    ErrorCode.BAD_CREDENTIALS_FORMAT,
    ErrorCode.INSUFFICIENT_FUNDS,
    ErrorCode.REGISTRATION_CLOSED,
    ErrorCode.MUTED,
    ErrorCode.CHAT_RATE_LIMITED,
  ])
    assert.ok(errorKey(code), ErrorCode[code]);
  assert.equal(errorText(new TavoloError(ErrorCode.NAME_TAKEN, "name taken")), "Questo nome è già in uso: scegline un altro.");
  assert.match(errorText(new TavoloError(ErrorCode.PURCHASE_REFUSED, "the re-buy period is over")), /\(the re-buy period is over\)$/);
  assert.match(errorText(new TavoloError(ErrorCode.UNSPECIFIED, "not connected")), /^Connessione assente/);
  assert.match(errorText(new TavoloError(ErrorCode.BAD_VERSION, "version 2")), /version 2/);
  assert.equal(errorText(new Error("x")), "Qualcosa non ha funzionato: riprova.");
});

const table = { tournamentId: 3n, table: 0 };
const ev = (e: unknown): TableEvent => create(TableEventSchema, { table, hand: 4n, event: e } as never);

function pokerTable(stacks: number[]) {
  return fromSnapshot(
    create(TableSnapshotSchema, {
      table,
      yourSeat: 1,
      yourPlayer: -1n,
      game: {
        case: "poker",
        value: {
          tableSize: stacks.length,
          seats: stacks.map((stack, seat) => ({ seat, entrant: BigInt(seat), name: ["Anna", "Bruno"][seat], stack: BigInt(stack) })),
          button: 0,
          toAct: -1,
        },
      },
    } as never),
    1,
    0,
  );
}

test("the replayer's line names the player and the amount", () => {
  const m = pokerTable([3000, 3000]);
  assert.equal(stepText(ev({ case: "blindPosted", value: { seat: 0, kind: BlindKind.SMALL, amount: 25n } }), m), "Anna mette il buio piccolo: 25.");
  assert.equal(
    stepText(ev({ case: "acted", value: { seat: 1, action: PokerActionKind.RAISE, added: 1475n, totalBet: 1500n } }), m),
    "Bruno rilancia a 1.500.",
  );
  assert.equal(
    stepText(ev({ case: "acted", value: { seat: 0, action: PokerActionKind.CALL, added: 2975n, totalBet: 3000n, allIn: true } }), m),
    "Anna vede 2.975 (all-in).",
  );
  assert.equal(stepText(ev({ case: "acted", value: { seat: 0, action: PokerActionKind.FOLD, automatic: true } }), m), "Anna lascia (tempo scaduto).");
  assert.equal(
    stepText(ev({ case: "cardDealt", value: { target: CardTarget.PLAYER, seat: 1, card: { face: 51 }, visibility: CardVisibility.OWNER } }), m),
    "Bruno riceve A♠.",
  );
  assert.equal(
    stepText(ev({ case: "cardDealt", value: { target: CardTarget.PLAYER, seat: 0, card: {}, visibility: CardVisibility.OWNER } }), m),
    "Anna riceve una carta coperta.",
  );
  assert.equal(
    stepText(ev({ case: "potAwarded", value: { potIndex: 0, amount: 6000n, seats: [1], shares: [6000n], showdown: true, handCategory: HandCategory.FLUSH } }), m),
    "Bruno vince il piatto principale (6.000) con colore.",
  );
  setLanguage("en");
  assert.equal(stepText(ev({ case: "acted", value: { seat: 1, action: PokerActionKind.CHECK } }), m), "Bruno checks.");
  setLanguage("it");
});

test("Punti in the table's words, and a line even without one", () => {
  assert.match(puntoText({ kind: PuntoKind.PAIR, primaryRank: 11, secondaryRank: 11, suit: 0 }), /^Coppia di Re/);
  assert.equal(puntoText(undefined), "un punto");
  const m = pokerTable([3000, 3000]);
  assert.match(
    stepText(ev({ case: "declared", value: { by: 0n, punto: { kind: PuntoKind.PAIR, primaryRank: 11, secondaryRank: 11 } } }), m),
    /: Coppia di Re\.$/,
  );
});

function recorded(events: TableEvent[]): RecordedHand {
  return { id: "3/0/4", tableKey: "3/0", hand: 4, startedAtMs: 0, start: pokerTable([3000, 3000]), events, complete: true };
}

test("a hand's outcome for the player: the change of his stack", () => {
  const won = recorded([
    ev({ case: "blindPosted", value: { seat: 0, kind: BlindKind.SMALL, amount: 25n } }),
    ev({ case: "blindPosted", value: { seat: 1, kind: BlindKind.BIG, amount: 50n } }),
    ev({ case: "acted", value: { seat: 0, action: PokerActionKind.FOLD } }),
    ev({ case: "uncalledReturned", value: { seat: 1, amount: 25n } }),
    ev({ case: "potAwarded", value: { potIndex: 0, amount: 50n, seats: [1], shares: [50n] } }),
  ]);
  assert.deepEqual(handOutcome(won), { result: "won", change: 25, kind: "poker" });
  const lost = recorded([
    ev({ case: "blindPosted", value: { seat: 1, kind: BlindKind.SMALL, amount: 25n } }),
    ev({ case: "acted", value: { seat: 1, action: PokerActionKind.FOLD } }),
  ]);
  assert.deepEqual(handOutcome(lost), { result: "lost", change: -25, kind: "poker" });
  assert.equal(handOutcome(recorded([])).result, "even");
});

test("the server's socket is the page's host, wss behind https", () => {
  assert.equal(socketUrl({ protocol: "http:", host: "127.0.0.1:8080" }), "ws://127.0.0.1:8080/ws");
  assert.equal(socketUrl({ protocol: "https:", host: "tavolo.example" }), "wss://tavolo.example/ws");
});
