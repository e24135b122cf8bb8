import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';

/** Parses `req.body` with a contract schema; handlers use only the returned value. */
export const parseBody = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  schema.parse(req.body ?? {});

/** Parses the query string; repeated parameters arrive as arrays and fail string schemas. */
export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  schema.parse(req.query);

export const parseParams = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  schema.parse(req.params);

/**
 * Refuses an invalid body with 400 before later middleware runs, e.g. before a rate limiter, so
 * rejected input never uses up a client's allowance. The handler still parses for its own value.
 */
export const rejectInvalidBody =
  (schema: z.ZodType): RequestHandler =>
  (req, _res, next) => {
    schema.parse(req.body ?? {});
    next();
  };
