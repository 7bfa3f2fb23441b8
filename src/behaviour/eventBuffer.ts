/**
 * The in-memory queue between record() and the bulk writer: bounded, first in first out.
 *
 * Policy when full: the OLDEST events are dropped (and counted). Recording never blocks and never fails,
 * so a slow or absent Elasticsearch cannot slow a request down; when it comes back the freshest behaviour
 * is what gets written. Events taken for a write that failed are put back at the front (they are the
 * oldest), under the same bound.
 */
export interface Buffered<E> {
  seq: number;
  event: E;
}

export class EventBuffer<E> {
  private items: Buffered<E>[] = [];
  private head = 0;
  private nextSeq = 1;
  /** Events dropped because the buffer was full, since start. */
  dropped = 0;

  constructor(readonly capacity: number) {
    if (capacity < 1) throw new Error('EventBuffer capacity must be at least 1');
  }

  get size(): number {
    return this.items.length - this.head;
  }

  /** Sequence number the next pushed event gets; every event pushed before has a smaller one. */
  get nextSequence(): number {
    return this.nextSeq;
  }

  /** Adds an event; returns how many old events were dropped to make room (0 or 1). */
  push(event: E): number {
    this.items.push({ seq: this.nextSeq++, event });
    return this.trim();
  }

  /** Removes and returns up to `max` of the oldest events whose sequence is below `beforeSeq`. */
  take(max: number, beforeSeq = Number.POSITIVE_INFINITY): Buffered<E>[] {
    let end = this.head;
    const limit = Math.min(this.items.length, this.head + max);
    while (end < limit && this.items[end].seq < beforeSeq) end++;
    const batch = this.items.slice(this.head, end);
    this.head = end;
    this.compact();
    return batch;
  }

  /** Puts events back at the front (a write failed); returns how many were dropped because the buffer is full. */
  putBack(batch: Buffered<E>[]): number {
    if (!batch.length) return 0;
    this.items = [...batch, ...this.items.slice(this.head)];
    this.head = 0;
    return this.trim();
  }

  /** Whether any buffered event has a sequence number below `beforeSeq`. */
  hasBefore(beforeSeq: number): boolean {
    return this.size > 0 && this.items[this.head].seq < beforeSeq;
  }

  private trim(): number {
    const excess = this.size - this.capacity;
    if (excess <= 0) return 0;
    this.head += excess;
    this.dropped += excess;
    this.compact();
    return excess;
  }

  /** Drops consumed slots now and then, so taking from the front stays O(1) amortised. */
  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}
