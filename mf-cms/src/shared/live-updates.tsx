import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  AdminRoutes,
  CONTENT_TYPE_NAMES,
  REDIRECTS_PATH,
  StaffRoutes,
  adminPathOf,
  type ContentType,
  type StaffEvent,
} from '@agency/contracts';
import { ApiError, apiRequest } from '@agency/ui';
import { adminKeys } from './admin-api';

/**
 * Current lists everywhere (issue 41). The shell's query client keeps answers forever (the public
 * site's spec); the CMS's own queries (all under ['admin']) are instead stale at once, so a tab asks
 * again each time it is shown and when the window gets focus back. The session query is left alone:
 * it decides between the CMS and the sign-in screen, and a session that ended is asked about in
 * place (the re-sign-in dialog) by the next call.
 */
export function useCurrentLists(client: QueryClient) {
  useState(() => {
    client.setQueryDefaults(adminKeys.all, {
      staleTime: 0,
      refetchOnMount: true,
      refetchOnWindowFocus: true,
    });
    client.setQueryDefaults(adminKeys.session, { refetchOnWindowFocus: false });
    return true;
  });
}

const isContentType = (type: string): type is ContentType =>
  (CONTENT_TYPE_NAMES as readonly string[]).includes(type);

/** The queries a staff write may have changed (the audit's item type and action name it). */
export function keysOf(event: StaffEvent): QueryKey[] {
  const audit: QueryKey = [...adminKeys.all, 'audit'];
  const trash = adminKeys.list(AdminRoutes.trash);
  const [area] = event.action.split('.');
  if (event.type === '*') return [adminKeys.all];
  if (area === 'content' || area === 'trash') {
    // The Overview's scheduled items and recent edits (dashboard/team-activity.tsx) too.
    const keys: QueryKey[] = [trash, adminKeys.revisions, audit, ['admin', 'overview']];
    if (isContentType(event.type)) keys.push(adminKeys.list(adminPathOf(event.type)));
    // A file restored from (or deleted in) the Trash is the library's.
    if (event.type === 'media') keys.push(adminKeys.media);
    return keys;
  }
  switch (area) {
    case 'media':
      return [adminKeys.media, trash, audit];
    case 'leads':
    case 'privacy':
      return [['admin', 'leads'], ['admin', 'notifications'], audit];
    case 'settings':
      return [
        adminKeys.list(AdminRoutes.siteSettings),
        ['admin', 'site-settings'],
        ['admin', 'notifications'],
        audit,
      ];
    case 'release':
      return [adminKeys.list(AdminRoutes.releases), audit];
    case 'user':
      return [[...adminKeys.all, 'users'], audit];
    case 'redirect':
      return [adminKeys.list(REDIRECTS_PATH), audit];
    default:
      return [audit];
  }
}

/** Waits before opening the stream again after a failure: 1 s, 2 s, 4 s… at most 30 s. */
const retryDelay = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));

/** Reads `data:` lines of a text/event-stream body, calling `onEvent` with each parsed event. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StaffEvent) => void,
  onReader: (reader: ReadableStreamDefaultReader<Uint8Array>) => void,
) {
  const reader = body.getReader();
  onReader(reader);
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (!data) continue;
      try {
        onEvent(JSON.parse(data) as StaffEvent);
      } catch {
        /* a line this CMS does not know */
      }
    }
  }
}

/**
 * Staff writes reach this tab within seconds: GET /api/admin/events (server-sent events, every
 * instance's writes) is read for as long as the CMS is open, and each `{type, id, action}` marks the
 * queries it changed stale; those on screen ask again at once. When the stream ends (the server closes
 * it every few minutes, a restart, a lost connection) it is opened again, and as writes may have been
 * missed meanwhile, every list on screen is asked again too.
 */
export function useLiveUpdates(enabled = true) {
  const client = useQueryClient();
  useCurrentLists(client);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEvent = (event: StaffEvent) => {
      for (const queryKey of keysOf(event)) {
        void client.invalidateQueries({
          queryKey,
          predicate: (q) => q.queryKey[1] !== 'session',
        });
      }
    };
    const run = async () => {
      let failures = 0;
      let opened = false;
      while (!stopped) {
        try {
          const res = await apiRequest('GET', StaffRoutes.events);
          if (stopped || !res.body) {
            void res.body?.cancel();
            return;
          }
          if (opened) onEvent({ type: '*', id: null, action: 'reload' });
          opened = true;
          failures = 0;
          await readEvents(res.body, onEvent, (r) => (reader = r));
        } catch (err) {
          // Signed out (the next call of the CMS asks in place), or the server is away: try later.
          failures += err instanceof ApiError && err.status === 401 ? 3 : 1;
        }
        if (stopped) return;
        // A stream the server ended normally is opened again at once; a failure waits.
        await new Promise<void>(
          (resolve) => (timer = setTimeout(resolve, failures ? retryDelay(failures) : 0)),
        );
      }
    };
    void run();
    return () => {
      stopped = true;
      clearTimeout(timer);
      void reader?.cancel().catch(() => {});
    };
  }, [client, enabled]);
}
