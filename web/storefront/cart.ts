/**
 * The demo cart, kept in localStorage per market: what the visitor put in it, with what the cart page and the
 * checkout need to show it before the cart-page query answers.
 */
import { useEffect, useState } from 'preact/hooks';

export interface CartLine {
  variantKey: string;
  productKey: string;
  title: string;
  size?: string;
  quantity: number;
  sellingPrice: number;
  image?: string;
  link: string;
}

const key = (market: string) => `open-elevate.cart.${market}`;
const listeners = new Set<() => void>();

export function readCart(market: string): CartLine[] {
  try {
    const lines = JSON.parse(localStorage.getItem(key(market)) ?? '[]') as unknown;
    return Array.isArray(lines) ? (lines as CartLine[]).filter((l) => l && typeof l.variantKey === 'string') : [];
  } catch {
    return [];
  }
}

function write(market: string, lines: CartLine[]): void {
  localStorage.setItem(key(market), JSON.stringify(lines));
  listeners.forEach((l) => l());
}

export function addToCart(market: string, line: Omit<CartLine, 'quantity'>): void {
  const lines = readCart(market);
  const existing = lines.find((l) => l.variantKey === line.variantKey);
  if (existing) existing.quantity += 1;
  else lines.push({ ...line, quantity: 1 });
  write(market, lines);
}

export function setQuantity(market: string, variantKey: string, quantity: number): void {
  write(
    market,
    readCart(market).flatMap((l) => (l.variantKey !== variantKey ? [l] : quantity > 0 ? [{ ...l, quantity }] : [])),
  );
}

export function clearCart(market: string): void {
  write(market, []);
}

/** The cart of a market, re-rendered when it changes (in this tab or another). */
export function useCart(market: string): CartLine[] {
  const [lines, setLines] = useState(() => readCart(market));
  useEffect(() => {
    const update = () => setLines(readCart(market));
    update();
    listeners.add(update);
    window.addEventListener('storage', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('storage', update);
    };
  }, [market]);
  return lines;
}
