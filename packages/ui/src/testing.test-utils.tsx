/**
 * Test support for screen tests (jsdom): a fake API behind the real API client, and a render helper
 * with the providers a page has in the shell (React Query without retries, a router at a given path).
 * Only test files import this (`@agency/ui/testing`); no production bundle does.
 */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setApiTransport } from './api-client';

/**
 * How the fake API answers one URL: JSON with a status, 'pending' (never answers: the loading state)
 * or 'network-error' (the request itself fails, as fetch does when the server is unreachable).
 */
export type FakeAnswer =
  | { status?: number; body?: unknown; headers?: Record<string, string> }
  | 'pending'
  | 'network-error';
/** An answer, or a function of the request body giving one (for answers that change over a test). */
export type FakeRoute = FakeAnswer | ((body: unknown) => FakeAnswer);

export interface FakeApi {
  /** Every request the screen made, in order. */
  calls: Array<{ url: string; method: string; body: unknown }>;
  /** The request headers of each call (same order as `calls`), names in lower case. */
  headers: Array<Record<string, string>>;
  /** The same server as a `fetch`, for the few calls that read the raw response (CMS sign-in). */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
}

/** JSON, or a ReadableStream's bytes as they come (a server-sent events stream, say). */
const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  body instanceof ReadableStream
    ? new Response(body as ReadableStream<Uint8Array>, { status, headers })
    : new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      });

/**
 * Serves `answers` (exact URL, or `METHOD URL`) through the API client's transport. A URL not listed
 * answers 404 `{ message: 'Not found' }`, like the real API for an unknown item.
 */
export function fakeApi(answers: Record<string, FakeRoute> = {}): FakeApi {
  const serve = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    api.calls.push({ url, method, body });
    api.headers.push(Object.fromEntries(new Headers(init.headers).entries()));
    const entry = answers[`${method} ${url}`] ?? (method === 'GET' ? answers[url] : undefined);
    const answer = typeof entry === 'function' ? entry(body) : entry;
    if (answer === 'pending') return new Promise<Response>(() => {});
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (!answer) return jsonResponse(404, { message: 'Not found' });
    return jsonResponse(answer.status ?? 200, answer.body, answer.headers);
  };
  const api: FakeApi = { calls: [], headers: [], fetch: serve };
  setApiTransport(serve);
  return api;
}

/** A 200 answer with `body`. */
export const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
/** A 500 answer, as the API gives when its database is down. */
export const serverError: FakeAnswer = { status: 500, body: { message: 'Internal server error' } };

/**
 * Renders `ui` at `path` inside a fresh query client (no retries, as the shell's) and a memory router;
 * `route` is the pattern the screen is mounted under (for `useParams`).
 */
export function renderScreen(
  ui: ReactElement,
  { path = '/', route = '*' }: { path?: string; route?: string } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
