// tavolo-server serves the built client: the player client at / and the dashboard at /operator load
// in Chromium with their scripts running under the Content-Security-Policy, nothing failing, and the
// assets come with the headers that make browsers revalidate them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { launchChromium, newPage, problemsOf, screenshotPath } from "../support/browser";
import { startServer } from "../support/server";

test("the player client and the dashboard load in Chromium under the CSP", async () => {
  const server = await startServer();
  await server.waitForLog("event=web_client_loaded");
  const browser = await launchChromium();
  for (const [path, name] of [
    ["/", "player"],
    ["/operator", "operator"],
  ] as const) {
    const page = await newPage(browser);
    const response = await page.goto(server.httpUrl + path);
    assert.equal(response?.status(), 200, `${path} answers 200`);
    await page.locator("#app > *").first().waitFor(); // the bundle ran and rendered into #app
    assert.match(await page.title(), /^Tavolo/);
    // The page's own WebSocket (same host and port) is allowed by connect-src 'self'.
    const socket = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          try {
            const ws = new WebSocket(url);
            ws.onopen = () => {
              ws.close();
              resolve("open");
            };
            ws.onerror = () => resolve("error");
          } catch (e) {
            resolve(`refused: ${String(e)}`);
          }
        }),
      server.wsUrl,
    );
    assert.equal(socket, "open", `a WebSocket to ${server.wsUrl} from ${path}`);
    await page.screenshot({ path: screenshotPath(`serving-${name}`) });
    assert.deepEqual(problemsOf(page), [], `nothing went wrong on ${path}`);
    await page.context().close();
  }

  // The policy is enforced: another origin is refused before any request is made.
  const page = await newPage(browser);
  await page.goto(server.httpUrl + "/");
  const other = `http://127.0.0.2:${server.port}/healthz`;
  const violation = page.waitForEvent("console", (m) => m.text().startsWith("CSP violation: connect-src"));
  const outcome = await page.evaluate((url) => fetch(url).then(() => "fetched", () => "refused"), other);
  assert.equal(outcome, "refused");
  assert.match((await violation).text(), /blocked http:\/\/127\.0\.0\.2/);

  const script = await fetch(server.httpUrl + "/assets/player.js");
  assert.equal(script.status, 200);
  assert.equal(script.headers.get("content-type"), "text/javascript; charset=utf-8");
  assert.equal(script.headers.get("cache-control"), "no-cache");
  assert.equal(script.headers.get("x-content-type-options"), "nosniff");
  assert.ok((await script.text()).length > 0);
  const etag = script.headers.get("etag");
  assert.ok(etag, "an ETag");
  const again = await fetch(server.httpUrl + "/assets/player.js", { headers: { "if-none-match": etag } });
  assert.equal(again.status, 304);

  const index = await fetch(server.httpUrl + "/");
  const csp = index.headers.get("content-security-policy") ?? "";
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(csp, /connect-src 'self'/);
  assert.equal(index.headers.get("referrer-policy"), "no-referrer");
  assert.equal((await server.api("GET", "/nope")).status, 404);

  assert.equal(await server.stop(), 0);
});
