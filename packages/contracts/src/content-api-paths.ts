/**
 * A content type's public list and item: named by its registry name, as its staff collection is
 * (`/api/admin/<type>`), the item by its key column. The API mounts them from the registry
 * (CONTENT_TYPES' `publicApi`, publicReadsOf); API_PATHS and the clients' URLs take the same.
 */
export const contentApiPaths = <T extends string, K extends string = 'slug'>(type: T, key?: K) => ({
  list: `/api/${type}` as const,
  item: `/api/${type}/:${key ?? 'slug'}` as `/api/${T}/:${K}`,
});
