/** The API's check of a client error report (see client-error-values.ts for what it carries). */
import * as z from 'zod/mini';
import { REMOTE_NAMES } from './routes';
import { CONTROL_CHARACTERS_MESSAGE, MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from './control-characters';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_MESSAGE_MAX, type ClientErrorReport } from './client-error-values';

export * from './client-error-values';

export const clientErrorReportSchema = z.strictObject({
  remote: z.enum(REMOTE_NAMES),
  version: z.string().check(z.regex(/^[A-Za-z0-9][\w.+-]{0,63}$/, 'Must be a version')),
  route: z
    .string()
    .check(
      z.maxLength(200),
      z.regex(/^\/[^?#\s]*$/, 'Must be a path'),
      z.regex(SINGLE_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE),
    ),
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z
    .string()
    .check(z.maxLength(CLIENT_ERROR_MESSAGE_MAX), z.regex(MULTI_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE)),
}) satisfies z.ZodMiniType<ClientErrorReport>;
