// One WebSocket frame from the server to the messages it holds: one ServerMessage, or the messages of
// a ServerMessage.batch (the server batches what waits for the socket when the Hello accepted it).
import { fromBinary } from "@bufbuild/protobuf";
import { type ServerMessage, ServerMessageSchema } from "./gen/tavolo_pb.js";

/** The messages of a frame in the order sent; throws on bytes that do not parse or a nested batch. */
export function messagesOf(data: unknown): ServerMessage[] {
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : (data as Uint8Array);
  const m = fromBinary(ServerMessageSchema, bytes);
  if (m.body.case !== "batch") return [m];
  const inner = m.body.value.messages;
  if (inner.some((x) => x.body.case === "batch")) throw new Error("a batch inside a batch");
  return inner;
}
