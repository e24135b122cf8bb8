import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream } from 'pino';

/** The request being handled (set by ops/request-log.ts), so any log line written meanwhile names it. */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Fields of database errors that carry the values a query was given (visitors' names, e-mails). */
const VALUE_FIELDS = ['params', 'detail', 'where', 'parameters'];

/** drizzle's "Failed query: <sql>\nparams: <values>": the SQL stays, the values go. */
const scrubText = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');

/** A serialized error without query parameters, here and in every cause. */
function scrub(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (VALUE_FIELDS.includes(k)) continue;
    out[k] = typeof v === 'string' && (k === 'message' || k === 'stack') ? scrubText(v) : scrub(v, depth + 1);
  }
  return out;
}

/**
 * Errors as pino serializes them (type, message, stack, causes, own fields), minus the values a
 * failed query was given: a log never holds the personal data that was being written.
 */
export const errSerializer = (err: unknown) =>
  scrub(err instanceof Error ? pino.stdSerializers.errWithCause(err) : err);

export function createLogger(level: string, destination?: DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: errSerializer },
    redact: { paths: ['req.headers.cookie', 'password', '*.password'], remove: true },
    // Whichever logger writes during a request (the app's own included), the line carries its id.
    mixin: () => {
      const context = requestContext.getStore();
      return context ? { reqId: context.reqId } : {};
    },
  };
  // Standard output through an asynchronous destination: lines are buffered and written in batches
  // off the request path (pino flushes what is left when the process exits, a crash included).
  if (destination) return pino(options, destination);
  if (level === 'silent') return pino(options);
  return pino(options, pino.destination({ dest: 1, sync: false }));
}
