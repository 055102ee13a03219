// The SDK's connection against an in-process fake socket (no server): a resume the server refuses
// for a while (UNAVAILABLE, its database away) is retried after a backoff on a new socket, not left
// hanging on the open one; a lobby refused for now is asked again on the same connection; a refused
// table request names its table.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import assert from "node:assert/strict";
import { test } from "node:test";
import { TavoloConnection, TavoloError, isRetryable, retryingRefusals, type WebSocketLike } from "../../sdk/index.js";
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
          if (resumes === 1) return { case: "error", value: { code: ErrorCode.UNAVAILABLE, message: "retry in a moment" } };
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

test("a lobby refused for now after a resume is asked again on the same connection", async () => {
  const sockets: FakeSocket[] = [];
  let subscriptions = 0;
  const conn = new TavoloConnection({
    url: "ws://fake/ws",
    backoff: { initialMs: 5, maxMs: 10 },
    webSocket: () => {
      const s = new FakeSocket((m) => {
        if (m.body.case === "hello") return { case: "welcome", value: { version: 1 } };
        if (m.body.case === "logIn" || m.body.case === "resume")
          return { case: "loggedIn", value: { accountId: 7n, name: "ada", resumeToken: "t", balanceCents: 100n } };
        if (m.body.case === "subscribeLobby") {
          subscriptions += 1;
          if (subscriptions === 2)
            return { case: "error", value: { code: ErrorCode.UNAVAILABLE, message: "the lobby's node cannot be reached; retry in a moment" } };
          return { case: "lobbySnapshot", value: { tournaments: [] } };
        }
        return null;
      });
      sockets.push(s);
      return s;
    },
  });
  await conn.logIn("ada", "password");
  await conn.subscribeLobby();
  const lobbyBack = new Promise<void>((resolve) => conn.on("lobby", () => subscriptions === 3 && resolve()));
  conn.dropNow(); // resume, then the lobby: refused once, asked again
  await lobbyBack;
  assert.equal(sockets.length, 2, "the refused lobby did not drop the resumed connection");
  assert.ok(!sockets[1]!.closed);
  assert.equal(conn.state, "open");
  conn.close();
});

test("a refusal that waiting does not cure is not retried by retryingRefusals, one that does is", async () => {
  let asked = 0;
  const answer = await retryingRefusals(
    async () => {
      asked += 1;
      if (asked < 3) throw new TavoloError(ErrorCode.UNAVAILABLE, "retry in a moment");
      return "done";
    },
    { initialMs: 1, maxMs: 2, stillWanted: () => true },
  );
  assert.equal(answer, "done");
  assert.equal(asked, 3);
  asked = 0;
  await assert.rejects(
    retryingRefusals(
      async () => {
        asked += 1;
        throw new TavoloError(ErrorCode.INTERNAL, "a fault");
      },
      { initialMs: 1, maxMs: 2, stillWanted: () => true },
    ),
    (e: unknown) => e instanceof TavoloError && e.code === ErrorCode.INTERNAL && !e.retryable,
  );
  assert.equal(asked, 1);
  assert.ok(isRetryable(ErrorCode.RATE_LIMITED));
  assert.ok(!isRetryable(ErrorCode.INTERNAL));
});

test("a refused table request names its table", async () => {
  const conn = new TavoloConnection({
    url: "ws://fake/ws",
    webSocket: () =>
      new FakeSocket((m) => {
        if (m.body.case === "hello") return { case: "welcome", value: { version: 1 } };
        if (m.body.case === "logIn")
          return { case: "loggedIn", value: { accountId: 7n, name: "ada", resumeToken: "t", balanceCents: 100n } };
        if (m.body.case === "observe")
          return {
            case: "error",
            value: {
              code: ErrorCode.UNAVAILABLE,
              message: "the node hosting table 2 of tournament 9 did not answer in time; retry in a moment",
              table: { tournamentId: 9n, table: 2 },
            },
          };
        return null;
      }),
  });
  await conn.logIn("ada", "password");
  const refused = new Promise<TavoloError>((resolve) => conn.on("error", (e) => resolve(e)));
  await conn.observe({ tournamentId: 9, table: 2 }).catch((e: unknown) => e);
  const e = await refused.catch(() => undefined);
  assert.ok(e instanceof TavoloError);
  assert.deepEqual(e.table, { tournamentId: 9, table: 2 });
  assert.ok(e.retryable);
  conn.close();
});

test("a batch of messages is read in order, each as if it came alone", async () => {
  let acceptsBatches = false;
  const conn = new TavoloConnection({
    url: "ws://fake/ws",
    webSocket: () =>
      new FakeSocket((m) => {
        if (m.body.case === "hello") {
          acceptsBatches = m.body.value.acceptsBatches;
          return { case: "welcome", value: { version: 1, batches: true } };
        }
        if (m.body.case === "logIn")
          return {
            case: "batch",
            value: {
              messages: [
                { requestId: m.requestId, body: { case: "loggedIn", value: { accountId: 7n, name: "ada", resumeToken: "t1", balanceCents: 100n } } },
                { body: { case: "error", value: { code: ErrorCode.UNKNOWN_TABLE, message: "second in the batch" } } },
                { body: { case: "error", value: { code: ErrorCode.UNKNOWN_TABLE, message: "third in the batch" } } },
              ],
            },
          };
        return null;
      }),
  });
  const seen: string[] = [];
  conn.on("error", (e) => seen.push(e.message));
  const account = await conn.logIn("ada", "password");
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(acceptsBatches, "the SDK's Hello accepts batches");
  assert.equal(account.name, "ada", "the first message of the batch answered the log in");
  assert.deepEqual(seen, ["second in the batch", "third in the batch"]);
  conn.close();
});

test("what follows a reply in its batch is applied after the reply, not undone by it", async () => {
  const info = (entrants: number) => ({ id: 5n, name: "Sit&Go", entrants, state: 1 });
  const conn = new TavoloConnection({
    url: "ws://fake/ws",
    webSocket: () =>
      new FakeSocket((m) => {
        if (m.body.case === "hello") return { case: "welcome", value: { version: 1, batches: true } };
        if (m.body.case === "logIn")
          return {
            case: "batch",
            value: {
              messages: [
                { requestId: m.requestId, body: { case: "loggedIn", value: { accountId: 7n, name: "ada", resumeToken: "t1", balanceCents: 100n } } },
                { body: { case: "wallet", value: { balanceCents: 50n } } },
              ],
            },
          };
        if (m.body.case === "subscribeLobby")
          return {
            case: "batch",
            value: {
              messages: [
                { requestId: m.requestId, body: { case: "lobbySnapshot", value: { tournaments: [info(1)] } } },
                { body: { case: "lobbyUpdate", value: { tournament: info(2) } } },
              ],
            },
          };
        return null;
      }),
  });
  const account = await conn.logIn("ada", "password");
  assert.equal(account.balanceCents, 50, "the wallet after LoggedIn in the same batch stands");
  const lobby = await conn.subscribeLobby();
  assert.equal(lobby.length, 1);
  assert.equal(lobby[0]!.entrants, 2, "the update after the snapshot in the same batch stands");
  assert.equal(conn.lobby[0]!.entrants, 2);
  conn.close();
});
