/** Pure parts of the console's phrase-rule editor (PhraseRules.tsx): pin positions. */

export type Pin = { productKey: string; position: number };

/**
 * Pure: pins `key` at `position`; a pin already there moves down one, and so on while positions collide, so
 * no other pin is lost. Ordered by position.
 */
export function pinAtPosition(pinned: readonly Pin[], key: string, position: number): Pin[] {
  const others = pinned.filter((p) => p.productKey !== key).sort((a, b) => a.position - b.position);
  let next = position;
  const moved = others.map((p) => {
    if (p.position < position || p.position !== next) return p;
    next += 1;
    return { ...p, position: next };
  });
  return [...moved, { productKey: key, position }].sort((a, b) => a.position - b.position);
}

/** Pure: the first position no pin holds. */
export const freePosition = (pinned: readonly Pin[]): number => {
  const taken = new Set(pinned.map((p) => p.position));
  let n = 1;
  while (taken.has(n)) n++;
  return n;
};
