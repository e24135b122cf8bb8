import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminKeys, getEntity } from './admin-api';

/** What an Edit found when it asked for the item itself. */
interface Loaded<T> {
  item: string;
  row: T | null;
}

/**
 * The row an open item's editor starts from: 'new', the item as the server holds it NOW, or null
 * (nothing open, still loading, or gone). Edit never opens the list's copy, which may be minutes old
 * (a colleague's save since): it GETs `<url>/<id>` first, so the form and the version its save names
 * (If-Match) are current. An item no longer there (moved to the Trash, deleted) closes with a toast
 * and refreshes the list; a failed request opens the listed row (its save still answers 412 if stale).
 * `listReady`: a new item waits for the list (its place comes after the listed ones).
 */
export function useOpenedRow<T extends { id: number }>(
  url: string,
  item: string | null,
  rows: readonly T[],
  listReady: boolean,
  close: () => void,
): T | 'new' | null {
  const client = useQueryClient();
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const id = item && item !== 'new' ? item : null;
  // Another item (or none) opened: what was loaded for the last one is forgotten at once.
  const [loadedFor, setLoadedFor] = useState(id);
  if (loadedFor !== id) {
    setLoadedFor(id);
    setLoaded(null);
  }
  useEffect(() => {
    if (!id) return;
    let current = true;
    getEntity<T>(`${url}/${id}`).then(
      ({ row }) => current && setLoaded({ item: id, row }),
      (err: unknown) => {
        if (!current) return;
        if (err instanceof ApiError && err.status === 404) {
          setLoaded({ item: id, row: null });
          toast({
            variant: 'destructive',
            title: 'This item is no longer here',
            description: 'It was moved to the Trash or deleted since the list was loaded.',
          });
          void client.invalidateQueries({ queryKey: adminKeys.list(url) });
          close();
          return;
        }
        setLoaded({ item: id, row: rows.find((r) => String(r.id) === id) ?? null });
      },
    );
    return () => {
      current = false;
    };
    // Asked again only when another item opens: the list refreshing meanwhile changes nothing here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, id]);
  if (item === 'new') return listReady ? 'new' : null;
  if (!id || loaded?.item !== id) return null;
  return loaded.row;
}
