// A TCP proxy on the loopback between the browser and tavolo-server, so a test can drop the page's
// connection as a network would: cut() destroys every connection through it (the server and the
// browser each see theirs die), and while held new connections are closed as soon as they open.
import { after } from "node:test";
import { type Server, type Socket, createConnection, createServer } from "node:net";

export interface TcpProxy {
  port: number;
  httpUrl: string;
  /** Destroys every connection through the proxy now. */
  cut(): void;
  /** While held, connections are refused (accepted and closed at once): the network is down. */
  hold(down: boolean): void;
  /** Connections opened so far. */
  readonly opened: number;
  close(): Promise<void>;
}

export async function startProxy(targetPort: number): Promise<TcpProxy> {
  const live = new Set<Socket>();
  let down = false;
  let opened = 0;
  const server: Server = createServer((client) => {
    if (down) return void client.destroy();
    opened += 1;
    const upstream = createConnection({ host: "127.0.0.1", port: targetPort });
    for (const s of [client, upstream]) {
      live.add(s);
      s.on("close", () => live.delete(s));
      s.on("error", () => {}); // a cut ends both sides: no test noise
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const proxy: TcpProxy = {
    port,
    httpUrl: `http://127.0.0.1:${port}`,
    cut: () => {
      for (const s of live) s.destroy();
    },
    hold: (d) => {
      down = d;
    },
    get opened() {
      return opened;
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.cut();
        server.close(() => resolve());
      }),
  };
  after(() => proxy.close());
  return proxy;
}
