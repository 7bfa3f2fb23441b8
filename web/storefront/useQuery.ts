/** Runs a query when its key changes and keeps the latest answer; an answer to an older key is dropped. */
import { useEffect, useRef, useState } from 'preact/hooks';

export interface QueryState<T> {
  data?: T;
  error?: string;
  loading: boolean;
}

export function useQuery<T>(key: string, run: () => Promise<T>): QueryState<T> & { set(data: T): void } {
  const [state, setState] = useState<QueryState<T>>({ loading: true });
  const latest = useRef(key);
  useEffect(() => {
    latest.current = key;
    setState((s) => ({ data: s.data, loading: true }));
    run().then(
      (data) => {
        if (latest.current === key) setState({ data, loading: false });
      },
      (err: unknown) => {
        if (latest.current === key) setState({ error: messageOf(err), loading: false });
      },
    );
  }, [key]);
  return { ...state, set: (data: T) => setState({ data, loading: false }) };
}

export function messageOf(err: unknown): string {
  if (err && typeof err === 'object') {
    const details = (err as { details?: { message?: unknown } }).details;
    if (details && typeof details.message === 'string') return details.message;
    if (err instanceof Error) return err.message;
  }
  return String(err);
}
