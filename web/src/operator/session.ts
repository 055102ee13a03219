// The operator's session: the bearer token in sessionStorage (one tab's life, gone when it closes), and
// who it belongs to once /api/v1/me answered.

const TOKEN_KEY = "tavolo.operator.token";

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the session lives in memory only
  }
}

let memoryToken: string | null = null;

export const session = {
  token(): string | null {
    return storage()?.getItem(TOKEN_KEY) ?? memoryToken;
  },
  keep(token: string): void {
    memoryToken = token;
    storage()?.setItem(TOKEN_KEY, token);
  },
  clear(): void {
    memoryToken = null;
    storage()?.removeItem(TOKEN_KEY);
  },
};

