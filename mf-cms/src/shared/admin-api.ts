import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminRoutes,
  editVersionOf,
  entityTag,
  type ContentDraft,
  type SiteSettingEntry,
} from '@agency/contracts';
import { ApiError, apiRequest, getJson } from '@agency/ui';

/** Called when the server says the staff session is gone (expired, ended elsewhere). */
let sessionLost: () => void = () => {};
export function onSessionLost(handler: () => void) {
  sessionLost = handler;
}

/**
 * How asking to sign in again ended: the same account signed in (the waiting calls run again),
 * another account did (they do not: nothing is written in the new person's name that they did not
 * send), or the person declined.
 */
export type ReauthOutcome = 'same-account' | 'other-account' | 'declined';

/** What a call waiting for the sign-in answers when another account signed in instead. */
export const OTHER_ACCOUNT_MESSAGE =
  'Not saved: a different account signed in. The changes stay in this browser for the account that made them.';
export class OtherAccountError extends Error {
  constructor() {
    super(OTHER_ACCOUNT_MESSAGE);
  }
}

/**
 * Asks the person to sign in again over whatever they are doing (auth/reauth-dialog.tsx registers
 * it). One question for all calls waiting.
 */
let reauthenticate: (() => Promise<ReauthOutcome>) | null = null;
let asking: Promise<ReauthOutcome> | null = null;
export function onReauthenticate(handler: (() => Promise<ReauthOutcome>) | null) {
  reauthenticate = handler;
}

/**
 * Runs an admin call; a 401 means the session is gone. While the CMS is open the password is asked
 * in place and, when the same account signs in, the call runs again, so a form being saved stays as
 * typed; when another account signs in, the call fails (the CMS opens afresh for them); declined,
 * the CMS shows the sign-in screen (the editor's local draft keeps the text, see local-draft.tsx).
 */
export async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) throw err;
    if (reauthenticate) {
      asking ??= reauthenticate().finally(() => {
        asking = null;
      });
      const outcome = await asking;
      if (outcome === 'same-account') return call();
      if (outcome === 'other-account') throw new OtherAccountError();
    }
    sessionLost();
    throw err;
  }
}

export const adminGet = <T>(url: string) => guarded(() => getJson<T>(url));

/** JSON write; answers the parsed body (or null for 204). `ifMatch`: the version the write is meant for. */
export async function adminSend<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  ifMatch?: string,
): Promise<T> {
  return guarded(async () => {
    const res = await apiRequest(method, url, body, ifMatch ? { 'If-Match': ifMatch } : {});
    return (res.status === 204 ? null : await res.json()) as T;
  });
}

/** The server's own words for a failed call, else the transport message. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/**
 * The version tag of a listed or opened row (what If-Match names when it is saved or deleted): its
 * own, or its pending draft's when that is later (a draft save moves the item's version too).
 */
export function versionOf(row: object | null | undefined): string | undefined {
  const item = row as { updatedAt?: unknown; draft?: { updatedAt?: unknown } } | null | undefined;
  if (typeof item?.updatedAt !== 'string') return undefined;
  const draftAt = item.draft?.updatedAt;
  const draft = typeof draftAt === 'string' ? { updatedAt: draftAt } : undefined;
  return entityTag(editVersionOf({ updatedAt: item.updatedAt, draft }));
}

/**
 * The item an editor opens: a pending draft's values over the live ones (staff go on from the draft),
 * keeping `draft` (its schedule and version). Anything without a draft is as answered.
 */
export function openDraft<T>(row: T): T {
  const item = row as { draft?: ContentDraft } | null;
  if (!item || typeof item !== 'object' || !item.draft?.values) return row;
  return { ...item, ...item.draft.values, draft: item.draft } as T;
}

/** 412: the item changed on the server since the version this screen opened. */
export const isStale = (err: unknown) => err instanceof ApiError && err.status === 412;

/** One row as stored now, with its version tag (for reloading after a 412). */
export async function getEntity<T>(url: string): Promise<{ row: T; etag: string | undefined }> {
  return guarded(async () => {
    const res = await apiRequest('GET', url);
    return { row: openDraft((await res.json()) as T), etag: res.headers.get('ETag') ?? undefined };
  });
}

/** Field messages of a 400/409 answer: the shared client's reading. */
export { fieldErrors } from '@agency/ui';

export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  list: (url: string) => ['admin', 'list', url] as const,
  /** Every item's revisions (revision-history.tsx keys its queries under it). */
  revisions: ['admin', 'revisions'] as const,
  media: ['admin', 'media'] as const,
  leads: (type: string, q: string, status: string) => ['admin', 'leads', type, status, q] as const,
};

/** Spec: a list call answers an array, anything else counts as empty. */
export const asArray = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

export const listQuery = <T>(url: string) =>
  queryOptions({
    queryKey: adminKeys.list(url),
    queryFn: () => adminGet<unknown>(url),
    select: (data) => asArray<T>(data),
  });

export function useAdminList<T>(url: string) {
  return useQuery(listQuery<T>(url));
}

/** Create (no id) or update (id) one row of `url`, refreshing the list afterwards. */
export function useSaveEntity<TValues, TRow = unknown>(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values, etag }: { id?: number; values: TValues; etag?: string }) =>
      id ? adminSend<TRow>('PUT', `${url}/${id}`, values, etag) : adminSend<TRow>('POST', url, values),
    // A save is a new revision: the history of the item must not show the one before as current.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list(url) }),
        client.invalidateQueries({ queryKey: adminKeys.revisions }),
      ]),
  });
}

export function useDeleteEntity(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, etag }: { id: number; etag?: string }) =>
      adminSend('DELETE', `${url}/${id}`, undefined, etag),
    // After a refusal too: a 412 means the list shows an old version. The item is now in the trash.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list(url) }),
        client.invalidateQueries({ queryKey: adminKeys.list(AdminRoutes.trash) }),
      ]),
  });
}

export const useSiteSettings = () => useAdminList<SiteSettingEntry>(AdminRoutes.siteSettings);

/** Multipart upload of one file; answers the stored file's URL. */
export async function uploadFile(url: string, field: string, file: File): Promise<string> {
  const form = new FormData();
  form.append(field, file);
  const body = await guarded(async () => (await apiRequest('POST', url, form)).json());
  const stored = (body as { url?: unknown }).url;
  if (typeof stored !== 'string') throw new Error('The server did not answer a file URL');
  return stored;
}
