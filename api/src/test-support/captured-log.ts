import { Writable } from 'node:stream';
import { createLogger } from '../logger';

/**
 * A logger whose lines a test reads back: each parsed (`lines`) and all of them as written (`text()`,
 * for checking that something never reached the log).
 */
export function capturedLog(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger(level, stream), lines, text: () => raw.join('') };
}
