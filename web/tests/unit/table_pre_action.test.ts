// Pre-actions: the box ticked while others act becomes a command the moment the decision arrives,
// only if legal then; "Check" does not survive a change of the bet faced.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { PokerLegal } from "../../sdk/model.js";
import { keepPreAction, preActionCommand } from "../../src/player/table/pre_action.js";

function legal(over: Partial<PokerLegal>): PokerLegal {
  return {
    decision: 5, seat: 2, betting: true, drawing: false, mayFold: true, mayCheck: false, mayCall: false,
    callAmount: 0, mayBetOrRaise: true, isRaise: false, minTo: 50, maxTo: 3000, allInTo: 3000, maxDiscards: 0, ...over,
  };
}

const free = legal({ mayCheck: true });
const facing = legal({ mayCall: true, callAmount: 200, isRaise: true });

test("check/fold checks when free, folds facing a bet", () => {
  assert.equal(preActionCommand("checkFold", free), "check");
  assert.equal(preActionCommand("checkFold", facing), "fold");
});

test("call any calls a bet, checks when free", () => {
  assert.equal(preActionCommand("callAny", facing), "call");
  assert.equal(preActionCommand("callAny", free), "check");
});

test("check checks when free; facing a bet it asks the player", () => {
  assert.equal(preActionCommand("check", free), "check");
  assert.equal(preActionCommand("check", facing), null);
});

test("nothing ticked, no decision, or a draw decision: ask the player", () => {
  assert.equal(preActionCommand(null, free), null);
  assert.equal(preActionCommand("callAny", null), null);
  assert.equal(preActionCommand("checkFold", legal({ betting: false, drawing: true, mayFold: false })), null);
});

test("a call-any with neither call nor check legal asks the player", () => {
  assert.equal(preActionCommand("callAny", legal({ mayCall: false, mayCheck: false })), null);
});

test("a new bet clears Check, not the others", () => {
  assert.equal(keepPreAction("check", 0, 0), "check");
  assert.equal(keepPreAction("check", 0, 100), null);
  assert.equal(keepPreAction("checkFold", 0, 100), "checkFold");
  assert.equal(keepPreAction("callAny", 100, 400), "callAny");
  assert.equal(keepPreAction(null, 0, 100), null);
});
