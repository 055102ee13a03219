// The SDK's connection against an in-process fake socket (no server): a resume the server refuses
// for a while (INTERNAL, its database away) is retried after a backoff on a new socket, not left
// hanging on the open one.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import assert from "node:assert/strict";
import { test } from "node:test";
import { TavoloConnection, type WebSocketLike } from "../../sdk/index.js";
import { ClientMessageSchema, ServerMessageSchema } from "../../sdk/gen/tavolo_pb.js";
import { ErrorCode } from "../../sdk/gen/vocabulary_pb.js";

class FakeSocket implements WebSocketLike {
  binaryType = "arraybuffer";
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  closed = false;
  constructor(private readonly answer: (m: ReturnType<typeof fromBinary<typeof ClientMessageSchema>>) => unknown) {
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.({});
    }, 0);
  }
  send(data: Uint8Array): void {
    const m = fromBinary(ClientMessageSchema, data);
    const body = this.answer(m);
    if (!body) return;
    const reply = create(ServerMessageSchema, { requestId: m.requestId, body: body as never });
    const bytes = toBinary(ServerMessageSchema, reply);
    setTimeout(() => this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }), 0);
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
    setTimeout(() => this.onclose?.({}), 0);
  }
}

test("a resume refused for a while is tried again on a new connection after a backoff", async () => {
  const sockets: FakeSocket[] = [];
  let resumes = 0;
  const conn = new TavoloConnection({
    url: "ws://fake/ws",
    backoff: { initialMs: 5, maxMs: 10 },
    webSocket: () => {
      const s = new FakeSocket((m) => {
        if (m.body.case === "hello") return { case: "welcome", value: { version: 1 } };
        if (m.body.case === "logIn")
          return { case: "loggedIn", value: { accountId: 7n, name: "ada", resumeToken: "t1", balanceCents: 100n } };
        if (m.body.case === "resume") {
          resumes += 1;
          if (resumes === 1) return { case: "error", value: { code: ErrorCode.INTERNAL, message: "try again shortly" } };
          return { case: "loggedIn", value: { accountId: 7n, name: "ada", resumeToken: "t2", balanceCents: 100n } };
        }
        return null;
      });
      sockets.push(s);
      return s;
    },
  });
  await conn.logIn("ada", "password");
  const back = new Promise<void>((resolve) => conn.on("loggedIn", (_a, token) => token === "t2" && resolve()));
  conn.dropNow(); // the network drops: resume, refused once, then accepted
  await back;
  assert.equal(resumes, 2);
  assert.equal(sockets.length, 3, "the first socket, the refused one, and the one that resumed");
  assert.ok(sockets[1]!.closed, "the refused connection was dropped, not kept open and idle");
  assert.equal(conn.state, "open");
  conn.close();
});
