/**
 * The one fetch wrapper every remote uses (spec section 7 and 8): credentials included,
 * JSON bodies, and a non-OK answer becomes Error('<status>: <body text or status text>').
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The `{ message }` of a JSON error body, when there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      /* not JSON */
    }
    return undefined;
  }

  /** The field messages of a refused write (400 or 409: `{ fields: { name: message } }`), else none. */
  get fields(): Record<string, string> {
    if (this.status !== 400 && this.status !== 409) return {};
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      const fields = parsed && typeof parsed === 'object' && 'fields' in parsed ? parsed.fields : undefined;
      if (!fields || typeof fields !== 'object') return {};
      return Object.fromEntries(
        Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    } catch {
      return {};
    }
  }
}

/** The field messages of a refused write, from any error a request may throw (none for others). */
export const fieldErrors = (err: unknown): Record<string, string> =>
  err instanceof ApiError ? err.fields : {};

type Transport = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Where requests go. In the browser: `fetch`. During a server render, the server installs a transport
 * that answers from the API in the same process for the request being rendered. A global symbol, not
 * module state, because every remote bundles its own copy of this module.
 */
const TRANSPORT = Symbol.for('@agency/api-transport');
const transport = (): Transport =>
  (globalThis as { [TRANSPORT]?: Transport })[TRANSPORT] ?? ((url, init) => fetch(url, init));

/** Installs the server's transport (server renders only). */
export function setApiTransport(t: Transport): void {
  (globalThis as { [TRANSPORT]?: Transport })[TRANSPORT] = t;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, text, `${res.status}: ${text}`);
  }
}

export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const init: RequestInit = { method, credentials: 'include' };
  const headers: Record<string, string> = { ...extraHeaders };
  if (data !== undefined) {
    init.body = isForm ? data : JSON.stringify(data);
    if (!isForm) headers['Content-Type'] = 'application/json';
  }
  if (Object.keys(headers).length) init.headers = headers;
  const res = await transport()(url, init);
  await throwIfResNotOk(res);
  return res;
}

/** GET and parse JSON; with `on401: 'returnNull'` a 401 answers null instead of throwing. */
export async function getJson<T>(url: string, opts: { on401?: 'throw' | 'returnNull' } = {}): Promise<T> {
  const res = await transport()(url, { credentials: 'include' });
  if (opts.on401 === 'returnNull' && res.status === 401) {
    await res.body?.cancel(); // finish the response so the connection is released
    return null as T;
  }
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}
