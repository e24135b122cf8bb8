/** Error codes the API answers in `{ message, code }` bodies. */
export const ErrorCode = {
  VALIDATION: 'VALIDATION_ERROR',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** 412: If-Match named a version of the item that is no longer the stored one. */
  PRECONDITION_FAILED: 'PRECONDITION_FAILED',
  ALREADY_SUBSCRIBED: 'ALREADY_SUBSCRIBED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  MALFORMED_JSON: 'MALFORMED_JSON',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'RATE_LIMITED',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  /** Field messages for validation errors, keyed by field path. */
  fields?: Record<string, string>;
  /** A 412 on a content item: who saved it last, and when (the save the editor did not see). */
  changedBy?: string;
  changedAt?: string;
}
