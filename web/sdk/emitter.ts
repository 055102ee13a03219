// A small typed event emitter: `on` returns the function that removes the listener.
export class Emitter<Events extends Record<string, (...args: any[]) => void>> {
  private listeners: { [K in keyof Events]?: Set<Events[K]> } = {};

  on<K extends keyof Events>(name: K, listener: Events[K]): () => void {
    (this.listeners[name] ??= new Set()).add(listener);
    return () => this.listeners[name]?.delete(listener);
  }

  protected emit<K extends keyof Events>(name: K, ...args: Parameters<Events[K]>): void {
    for (const listener of [...(this.listeners[name] ?? [])]) {
      try {
        listener(...args);
      } catch (e) {
        console.error(`tavolo sdk: a '${String(name)}' listener threw`, e);
      }
    }
  }
}
