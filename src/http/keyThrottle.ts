/**
 * Slows down guessing of admin keys: after `limit` wrong keys from one client address within a window, that
 * address answers 429 with Retry-After until the window (started by its first wrong key) ends, whatever key
 * it sends, and the log gets one warning per address and window. 429 rather than a delay: a delay holds a
 * socket and memory per guess open (cheap for an attacker, dear for us), and Retry-After tells a real client
 * when to come back. A throttle, not a store: counts live in this process only (each API process counts its
 * own) and at most `maxAddresses` addresses are kept, the oldest forgotten first.
 */
import type { Logger } from '../kernel/log';

export interface KeyThrottleSettings {
  /** Wrong keys from one address in a window before it is refused (0: never throttle). */
  limit: number;
  windowMs: number;
  /** Addresses remembered at most. */
  maxAddresses: number;
}

interface Window {
  start: number;
  failures: number;
}

export interface KeyThrottle {
  /** Seconds (rounded up) until `address` may try a key again; 0 when it may now. */
  blockedFor(address: string): number;
  /** Counts a wrong key from `address`. */
  failed(address: string): void;
}

export function keyThrottle(settings: KeyThrottleSettings, log: Logger, now: () => number = Date.now): KeyThrottle {
  const windows = new Map<string, Window>();
  const current = (address: string): Window | undefined => {
    const w = windows.get(address);
    if (w && now() - w.start >= settings.windowMs) {
      windows.delete(address);
      return undefined;
    }
    return w;
  };
  const makeRoom = () => {
    // Insertion order is window start order: the first entries are the oldest, expired ones among them.
    for (const [address, w] of windows) {
      if (windows.size < settings.maxAddresses) return;
      if (now() - w.start >= settings.windowMs || windows.size >= settings.maxAddresses) windows.delete(address);
    }
  };
  return {
    blockedFor(address) {
      if (settings.limit <= 0) return 0;
      const w = current(address);
      if (!w || w.failures < settings.limit) return 0;
      return Math.max(1, Math.ceil((w.start + settings.windowMs - now()) / 1000));
    },
    failed(address) {
      if (settings.limit <= 0) return;
      let w = current(address);
      if (!w) {
        makeRoom();
        w = { start: now(), failures: 0 };
        windows.set(address, w);
      }
      w.failures++;
      if (w.failures === settings.limit) {
        log.warn('admin keys throttled: too many wrong Api-Key headers from one address', {
          address,
          failures: w.failures,
          windowSeconds: Math.round(settings.windowMs / 1000),
          until: new Date(w.start + settings.windowMs).toISOString(),
        });
      }
    },
  };
}
