import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@agency/ui';
import { formatDateTime } from './publishing';

const PREFIX = 'cms-draft:';
/** How long after the last keystroke the draft is written (a reload loses at most this much). */
const WRITE_DELAY_MS = 400;

interface StoredDraft<T> {
  values: T;
  savedAt: string;
}

function read<T>(key: string): StoredDraft<T> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDraft<T>>;
    return parsed.values && typeof parsed.savedAt === 'string' && !Number.isNaN(Date.parse(parsed.savedAt))
      ? (parsed as StoredDraft<T>)
      : null;
  } catch {
    return null;
  }
}

function write(key: string, draft: StoredDraft<unknown> | null) {
  try {
    if (draft) localStorage.setItem(PREFIX + key, JSON.stringify(draft));
    else localStorage.removeItem(PREFIX + key);
  } catch {
    /* storage full or unavailable: the draft is a safety net only */
  }
}

/**
 * Forgets every editor's draft in this browser. On Logout: a draft is for the person who typed it, and
 * the next person to sign in here must not be offered it.
 */
export function clearLocalDrafts() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    /* storage unavailable: there are no drafts to forget */
  }
}

/**
 * A copy of an editor form's unsaved changes in this browser (localStorage), written as staff type,
 * so a reload, a closed tab or a session that ended does not lose them. Opening the same item again
 * offers the draft back (`offer`, `restore`, `discard`). A save, or discarding the changes, clears it.
 * `key` names the item: its admin URL and id, or `new`.
 */
export function useLocalDraft<T extends FieldValues, TContext = unknown, TOut = T>(
  key: string,
  {
    form,
    restore,
  }: { form: Pick<UseFormReturn<T, TContext, TOut>, 'subscribe'>; restore: (values: T) => void },
) {
  const [offer, setOffer] = useState(() => read<T>(key));
  const cleared = useRef(false);

  // Follows the form's values without re-rendering the editor on every keystroke (a useWatch here
  // re-rendered the whole dialog, every field and the markdown editor with it).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = form.subscribe({
      formState: { values: true, isDirty: true },
      callback: ({ values, isDirty }) => {
        clearTimeout(timer);
        if (!isDirty || cleared.current) return;
        // Checked again when it fires: a discard or a save in the meantime wins over a pending write.
        timer = setTimeout(() => {
          if (!cleared.current) write(key, { values, savedAt: new Date().toISOString() });
        }, WRITE_DELAY_MS);
      },
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [form, key]);

  return {
    offer,
    restore: () => {
      if (offer) restore(offer.values);
      setOffer(null);
    },
    discard: () => {
      write(key, null);
      setOffer(null);
    },
    /** After a save or an explicit discard: nothing left to offer, and no more writes. */
    clear: () => {
      cleared.current = true;
      write(key, null);
    },
  };
}

export type LocalDraft = ReturnType<typeof useLocalDraft>;

/** The offer of a kept draft, at the top of the editor form. */
export function DraftOffer({ draft }: { draft: LocalDraft }) {
  if (!draft.offer) return null;
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <span>Unsaved changes from {formatDateTime(draft.offer.savedAt)} were kept in this browser.</span>
      <span className="flex gap-2">
        <Button size="sm" onClick={draft.restore}>
          Restore unsaved changes
        </Button>
        <Button size="sm" variant="outline" onClick={draft.discard}>
          Discard them
        </Button>
      </span>
    </div>
  );
}
