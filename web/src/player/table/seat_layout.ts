// Where seats sit around the oval felt: evenly spaced, clockwise in seat order, the viewer's own seat
// at the bottom centre (seat 0 there for an observer). Positions in percent of the felt's box. Pure.

export interface SeatSpot {
  /** Centre of the seat, percent of the felt's width and height. */
  x: number;
  y: number;
  /** Where the bet in front goes: part of the way to the centre. */
  betX: number;
  betY: number;
  /** Where the dealer button goes: between the seat and its bet, off to one side. */
  buttonX: number;
  buttonY: number;
  /** Which side of the table: for placing the dealer button and marks. */
  side: "bottom" | "top" | "left" | "right";
}

/** The spot of each of `count` seats with `bottomSeat` at the bottom. */
export function seatSpots(count: number, bottomSeat: number, portrait = false): SeatSpot[] {
  const spots: SeatSpot[] = [];
  const bottom = bottomSeat >= 0 && bottomSeat < count ? bottomSeat : 0;
  // Seats sit on an ellipse a little outside the felt's rail; bets a little inside it.
  const rx = portrait ? 41 : 45;
  const ry = portrait ? 42 : 41;
  // Cards sit above each name plate: the ring sits a little low so the top seat's cards stay inside.
  const cy = 51.5;
  for (let seat = 0; seat < count; ++seat) {
    const k = (seat - bottom + count) % count;
    // Screen angles grow clockwise (y points down); 90° is the bottom centre.
    const angle = ((90 + (360 * k) / count) * Math.PI) / 180;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const x = 50 + rx * cos;
    const y = cy + ry * sin;
    const betShare = portrait ? 0.6 : 0.58;
    const buttonShare = 0.7;
    // Off the line from the seat to the centre, clockwise: the button never hides the bet.
    const across = portrait ? 9 : 7;
    spots.push({
      x,
      y,
      betX: 50 + rx * betShare * cos,
      betY: cy + ry * betShare * sin,
      buttonX: 50 + rx * buttonShare * cos - across * sin,
      buttonY: cy + ry * buttonShare * sin + across * cos * 0.6,
      side: Math.abs(sin) >= Math.abs(cos) * 0.8 ? (sin > 0 ? "bottom" : "top") : cos > 0 ? "right" : "left",
    });
  }
  return spots;
}
