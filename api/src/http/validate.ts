import type { Request } from 'express';
import type { z } from 'zod';

/** Parses `req.body` with a contract schema; handlers use only the returned value. */
export const parseBody = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  schema.parse(req.body ?? {});

/** Parses the query string; repeated parameters arrive as arrays and fail string schemas. */
export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  schema.parse(req.query);

export const parseParams = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  schema.parse(req.params);
