/**
 * Client error reports (POST /api/client-errors), zod-free: what the browser needs to send one. The
 * API validates them with clientErrorReportSchema (client-errors.ts).
 */
import type { RemoteName } from './routes';

export const CLIENT_ERRORS_PATH = '/api/client-errors';

/** render: thrown while rendering; load: its code did not arrive; unhandled: a rejection or error in its code. */
export const CLIENT_ERROR_KINDS = ['render', 'load', 'unhandled'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** Longest message kept; the browser cuts longer ones before sending. */
export const CLIENT_ERROR_MESSAGE_MAX = 500;
/** Largest report body the API reads. */
export const CLIENT_ERROR_BODY_MAX_BYTES = 2048;

/**
 * Which remote failed (and its version: a release, or `local`), on which route (a path, never the
 * query), how, and the error's message. Nothing about the visitor.
 */
export interface ClientErrorReport {
  remote: RemoteName;
  version: string;
  route: string;
  kind: ClientErrorKind;
  message: string;
}
