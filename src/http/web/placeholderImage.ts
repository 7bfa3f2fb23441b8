/**
 * The placeholder images the sample catalog's image URLs point at (`/images/sample/<key>/<n>.jpg?c=RRGGBB`),
 * drawn here so a fresh `npm start` shows pictures without fetching anything from outside. Pure: the same
 * key, file and colour always give the same SVG.
 */

/** A colour `RRGGBB` (no `#`), or undefined when `c` is missing or malformed. */
export function tintOf(c: unknown): string | undefined {
  return typeof c === 'string' && /^[0-9a-fA-F]{6}$/.test(c) ? c.toUpperCase() : undefined;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function mix(hex: string, toward: number, share: number): string {
  const channel = (i: number) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - share) + toward * share);
  return `#${[0, 2, 4].map((i) => channel(i).toString(16).padStart(2, '0')).join('')}`;
}

/** Outlines by kind (the sample generator names one per product type: `k=`). */
const SHAPES: Record<string, string> = {
  top: 'M120 90 L170 70 Q200 95 230 70 L280 90 L320 160 L285 180 L270 150 L270 380 L130 380 L130 150 L115 180 L80 160 Z',
  dress: 'M165 70 Q200 90 235 70 L250 150 L320 390 L80 390 L150 150 Z',
  shoe: 'M70 300 Q80 250 130 240 L200 200 Q230 230 260 250 L320 270 Q345 285 340 320 L70 320 Z',
  bag: 'M110 190 L290 190 L310 380 L90 380 Z M150 190 Q150 120 200 120 Q250 120 250 190 L235 190 Q235 135 200 135 Q165 135 165 190 Z',
  trousers: 'M140 80 L260 80 L285 390 L215 390 L200 170 L185 390 L115 390 Z',
  watch: 'M170 90 L230 90 L235 170 A75 75 0 0 1 235 330 L230 410 L170 410 L165 330 A75 75 0 0 1 165 170 Z',
  bottle: 'M180 80 L220 80 L220 130 Q270 150 270 200 L270 380 Q270 400 250 400 L150 400 Q130 400 130 380 L130 200 Q130 150 180 130 Z',
  folded: 'M90 200 L310 200 L330 260 L330 370 L70 370 L70 260 Z M90 200 L110 150 L290 150 L310 200 Z',
};

/**
 * An SVG of 4:5 proportions: a soft background and a simple garment-like shape in the product's colour, its
 * form chosen by the key and file name so a product's images differ from each other. It holds no text, so no
 * catalog string ever reaches it.
 */
export function placeholderSvg(key: string, file: string, tint: string | undefined, kind?: unknown): string {
  const h = hash(`${key}/${file}`);
  const colour = tint ?? ['8A6F5A', '3F5E7A', '6E7F4F', '9A4F4F', '5B5B6E'][h % 5]!;
  const light = parseInt(colour.slice(0, 2), 16) + parseInt(colour.slice(2, 4), 16) + parseInt(colour.slice(4, 6), 16) > 600;
  const background = light ? mix(colour, 0, 0.12) : mix(colour, 255, 0.82);
  const outline = light ? '#9a9a9a' : mix(colour, 0, 0.25);
  const shape = (typeof kind === 'string' && Object.hasOwn(SHAPES, kind) ? SHAPES[kind] : undefined) ?? Object.values(SHAPES)[h % 4]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500">` +
    `<rect width="400" height="500" fill="${background}"/>` +
    `<path d="${shape}" fill="#${colour}" stroke="${outline}" stroke-width="3" fill-rule="evenodd"/>` +
    `<ellipse cx="200" cy="440" rx="120" ry="10" fill="#000" opacity="0.08"/></svg>`
  );
}
