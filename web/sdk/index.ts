// Tavolo's client SDK: the protocol's messages (generated from proto/ by protoc-gen-es), a connection
// with log in, lobby, tables in sequence order and resume with backoff, the table model and its fold,
// and hand recordings for a replayer. No UI: a browser client, a mobile app or a bot in Node use it.
export * from "./cards.js";
export * from "./connection.js";
export * from "./fold.js";
export * from "./hand_recorder.js";
export * from "./lobby.js";
export * from "./model.js";
export * from "./retry.js";
export * from "./table_stream.js";
export * as wire from "./wire.js";
