// The hands the recorder kept, as a signal the history view follows (new after each finished hand).
import { signal } from "@preact/signals";
import type { RecordedHand } from "../../sdk/index.js";
import { onConnection, recorder } from "./session.js";

export const recordedHands = signal<RecordedHand[]>(recorder.hands);

onConnection((c) => {
  const stopLogIn = c.on("loggedIn", () => (recordedHands.value = recorder.hands)); // this account's
  const stopTable = c.on("table", (_model, event) => {
    const c = event?.event.case;
    // A recording is filed when its hand's last event comes (or the next hand starts without it).
    if (c === "shuffleReveal" || c === "handStarted" || c === "polaccoHandStarted") recordedHands.value = recorder.hands;
  });
  return () => {
    stopLogIn();
    stopTable();
  };
});
