// The operator API over fetch: JSON in and out, the bearer token from the session, and one error shape
// ({code, message, field?} as the server sends it, plus the HTTP status). A 401 anywhere ends the
// session (the app shows the log-in form with a message); every other error goes to the caller.
import { session } from "./session";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The request may or may not have reached the server (no answer came back). */
  get outcomeUnknown(): boolean {
    return this.status === 0;
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

type UnauthorizedHandler = (message: string) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** Called with the server's message when a request is answered 401 (the token expired or was revoked). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === "") continue;
    params.set(k, String(v));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function send(method: string, path: string, body?: unknown, token = session.token()): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers["Authorization"] = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError(
      0,
      "NETWORK",
      "The server did not answer: check that tavolo-server is running and reachable, then try again.",
    );
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  let code = `HTTP_${response.status}`;
  let message = `The server answered ${response.status} ${response.statusText}.`;
  let field: string | undefined;
  try {
    const body = (await response.json()) as { code?: string; message?: string; field?: string };
    if (typeof body.code === "string") code = body.code;
    if (typeof body.message === "string" && body.message) message = body.message;
    if (typeof body.field === "string") field = body.field;
  } catch {
    // Not JSON (a proxy's page): keep the status line.
  }
  if (response.status === 403 && code === `HTTP_403`) message = "This account may not do that.";
  return new ApiError(response.status, code, message, field);
}

async function check(response: Response, path: string): Promise<Response> {
  if (response.ok) return response;
  const error = await errorOf(response);
  // A refused log in is the form's business, not an expired session.
  if (response.status === 401 && path !== "/api/v1/login") {
    onUnauthorized(`Your session ended (${error.message}). Log in again.`);
  }
  throw error;
}

async function json<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await check(await send(method, path, body, token), path);
  return (await response.json()) as T;
}

export const api = {
  get<T>(path: string, query?: Query): Promise<T> {
    return json<T>("GET", withQuery(path, query));
  },
  post<T>(path: string, body: unknown): Promise<T> {
    return json<T>("POST", path, body);
  },
  put<T>(path: string, body: unknown): Promise<T> {
    return json<T>("PUT", path, body);
  },
  del<T>(path: string, query?: Query): Promise<T> {
    return json<T>("DELETE", withQuery(path, query));
  },
  /** GET with an explicit token (the log in checks /me before the token is kept). */
  getWith<T>(path: string, token: string): Promise<T> {
    return json<T>("GET", path, undefined, token);
  },
  /** A file (hand histories): fetched with the bearer token, since a link cannot carry the header. */
  async blob(path: string, query?: Query): Promise<Blob> {
    const url = withQuery(path, query);
    const response = await check(await send("GET", url), url);
    return await response.blob();
  },
};
