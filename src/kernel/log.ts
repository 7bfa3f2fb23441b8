/** Minimal structured logger: one JSON line per event on stderr, so logs stay greppable and machine-readable. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: Level = 'info'): Logger {
  const write = (l: Level) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (order[l] < order[level]) return;
    const err = fields.err instanceof Error ? { err: fields.err.message, stack: fields.err.stack } : {};
    process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level: l, msg, ...fields, ...err }) + '\n');
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
