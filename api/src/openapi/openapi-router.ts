import { Router } from 'express';
import { z } from 'zod';
import { parseQuery } from '../http/validate';
import { API_PATHS, underApi } from '@agency/contracts';
import { openApiDocument } from './document';

/** GET /api/openapi.json: the API's OpenAPI 3.1 document (built once, on first request). */
export function openApiRouter() {
  const router = Router();
  let document: ReturnType<typeof openApiDocument> | undefined;
  router.get(underApi(API_PATHS.openApi), (req, res) => {
    parseQuery(z.object({}).strict(), req);
    document ??= openApiDocument();
    res.setHeader('Cache-Control', 'no-cache');
    res.json(document);
  });
  return router;
}
