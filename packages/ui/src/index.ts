export * from './cn';
export * from './components';
export * from './dialog';
export { apiRequest, getJson, throwIfResNotOk, ApiError, fieldErrors } from './api-client';
export { formatDate } from './format';
export * from './site-settings';
export { useHydrated } from './use-hydrated';
export * from './services';
export { readList } from './tolerant';
