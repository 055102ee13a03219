// Cards as the protocol numbers them (the SDK's cards.ts: face = rank * 4 + suit) and as the engine
// writes them in text ("AcKd").
import { SUITS, SUIT_SYMBOLS, cardCode } from "../../sdk/cards.js";

const SUIT_SYMBOL: Record<string, string> = Object.fromEntries([...SUITS].map((s, i) => [s, SUIT_SYMBOLS[i]!]));

export function faceText(face: number): string {
  if (!Number.isInteger(face) || face < 0 || face > 51) return "?";
  return cardCode(face);
}

/** "AcKd" -> ["Ac", "Kd"]. */
export function splitCards(text: string): string[] {
  return text.match(/[2-9TJQKA][cdhs]/g) ?? [];
}

export function Card({ text }: { text: string | null }) {
  if (!text) {
    return (
      <span class="pcard back" title="face down">
        ▒
      </span>
    );
  }
  const rank = text[0]!;
  const suit = text[1]!;
  const red = suit === "d" || suit === "h";
  return (
    <span class={`pcard${red ? " red" : ""}`} title={text}>
      {rank === "T" ? "10" : rank}
      {SUIT_SYMBOL[suit] ?? suit}
    </span>
  );
}

export function Cards({ cards }: { cards: (string | null)[] }) {
  if (cards.length === 0) return <span class="muted">—</span>;
  return (
    <span class="pcards">
      {cards.map((c, i) => (
        <Card key={i} text={c} />
      ))}
    </span>
  );
}
