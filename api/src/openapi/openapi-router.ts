import { Router } from 'express';
import { ApiRoutes } from '@agency/contracts';
import { openApiDocument } from './document';

/** GET /api/openapi.json: the API's OpenAPI 3.1 document (built once, on first request). */
export function openApiRouter() {
  const router = Router();
  let document: ReturnType<typeof openApiDocument> | undefined;
  router.get(ApiRoutes.openApi.slice('/api'.length), (_req, res) => {
    document ??= openApiDocument();
    res.setHeader('Cache-Control', 'no-cache');
    res.json(document);
  });
  return router;
}
