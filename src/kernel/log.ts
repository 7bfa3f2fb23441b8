/**
 * Structured logging through pino: one JSON line per event on stderr, `{"level":"info","time":"<ISO>",
 * "msg":..., ...fields}`, plus `requestId` when the line is written while serving a request
 * (requestContext.ts). The Logger interface (`log.info(msg, fields)`) is the one every call site uses.
 *
 * A field never overwrites what the line itself says: a field named `level`, `time`, `msg` or `requestId`
 * is written as `_level`, `_time`, ... (at start-up `{level: 'plugin'}` once replaced the line's level).
 * An `err` field that is an Error is written as its message and `stack`.
 */
import pino, { type DestinationStream } from 'pino';
import { currentRequest } from './requestContext';

type Level = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Keys the line owns. */
const RESERVED = new Set(['level', 'time', 'msg', 'requestId']);

/** The fields as written: reserved keys renamed, an Error `err` as message and stack. */
export function logFields(fields: Record<string, unknown>): Record<string, unknown> {
  let out = fields;
  for (const key of Object.keys(fields)) {
    if (RESERVED.has(key) || (key === 'err' && fields.err instanceof Error)) {
      out = rename(fields);
      break;
    }
  }
  return out;
}

function rename(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) out[RESERVED.has(key) ? `_${key}` : key] = value;
  if (fields.err instanceof Error) {
    out.err = fields.err.message;
    out.stack = fields.err.stack;
  }
  return out;
}

/**
 * A logger at `level` (LOG_LEVEL) writing to stderr, or to `destination` (tests read the lines).
 * Writes are synchronous, as before: a line logged just before the process exits is not lost.
 */
export function createLogger(level: Level = 'info', destination?: DestinationStream): Logger {
  const logger = pino(
    {
      level,
      base: undefined,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const scope = currentRequest();
        return scope ? { requestId: scope.requestId } : {};
      },
    },
    destination ?? pino.destination({ dest: 2, sync: true }),
  );
  const write = (l: Level) => (msg: string, fields?: Record<string, unknown>) => {
    if (!logger.isLevelEnabled(l)) return;
    if (fields) logger[l](logFields(fields), msg);
    else logger[l](msg);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
