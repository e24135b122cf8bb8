import type { Request, RequestHandler } from 'express';
import { parse, type $ZodType, type output } from 'zod/v4/core';

/**
 * Parses with a contract schema, classic zod or zod/mini alike (the forms visitors fill in are mini:
 * the browser ships them). Handlers use only the returned value.
 */
export const parseBody = <S extends $ZodType>(schema: S, req: Request): output<S> => {
  const earlier = checked.get(req);
  return earlier?.schema === schema ? (earlier.value as output<S>) : parse(schema, req.body ?? {});
};

/** A body `rejectInvalidBody` already parsed, so the handler's parseBody does not parse it again. */
const checked = new WeakMap<Request, { schema: $ZodType; value: unknown }>();

/** Parses the query string; repeated parameters arrive as arrays and fail string schemas. */
export const parseQuery = <S extends $ZodType>(schema: S, req: Request): output<S> =>
  parse(schema, req.query);

export const parseParams = <S extends $ZodType>(schema: S, req: Request): output<S> =>
  parse(schema, req.params);

/**
 * Refuses an invalid body with 400 before later middleware runs, e.g. before a rate limiter, so
 * rejected input never uses up a client's allowance. The handler still parses for its own value.
 */
export const rejectInvalidBody =
  (schema: $ZodType): RequestHandler =>
  (req, _res, next) => {
    checked.set(req, { schema, value: parse(schema, req.body ?? {}) });
    next();
  };
