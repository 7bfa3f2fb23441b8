/**
 * Long CPU-bound loops in the API process (reading an import's lines, building documents, parsing a lexicon)
 * must let storefront queries in: a loop that only awaits promises that are already resolved runs on
 * microtasks and never returns to the event loop, so queries that arrived meanwhile wait until the loop
 * blocks on I/O. On 2 cores shared with Elasticsearch, a full import held queries for seconds (the alias-swap
 * fault test timed out search-pages at 10 s). A loop calls `giveWay()` once per item; every `sliceMs` of work
 * it gives the event loop one turn (setImmediate: after pending I/O callbacks, so waiting requests run).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Longest run of an import or parse loop before it gives queries a turn. */
export const WORK_SLICE_MS = 8;

export type GiveWay = () => Promise<void> | undefined;

/** A `giveWay` for one loop: undefined (nothing to await) until `sliceMs` have passed since its last turn. */
export function fairShare(sliceMs = WORK_SLICE_MS, now: () => number = performance.now.bind(performance)): GiveWay {
  let since = now();
  return () => {
    if (now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = now();
    });
  };
}
