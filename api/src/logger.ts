import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream } from 'pino';

/** The request being handled (set by ops/request-log.ts), so any log line written meanwhile names it. */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

export function createLogger(level: string, destination?: DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: ['req.headers.cookie', 'password', '*.password'], remove: true },
    // Whichever logger writes during a request (the app's own included), the line carries its id.
    mixin: () => {
      const context = requestContext.getStore();
      return context ? { reqId: context.reqId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
