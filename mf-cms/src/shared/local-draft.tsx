import { createContext, useContext, useEffect, useRef, useState } from 'react';
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
 * Whose drafts an editor keeps and offers: the signed-in account (auth/roles.ts `accountOf`). A draft
 * is for the person who typed it: on a shared browser the next person, signed in with another account,
 * is never offered it, and its owner finds it again when they sign in. Without an account (outside the
 * signed-in CMS) nothing is kept.
 */
export const DraftAccount = createContext<string | null>(null);

/** Where `account`'s draft of the item `key` is kept (drafts from before accounts had no account part). */
const storageKey = (account: string, key: string) => `${account}:${key}`;

/**
 * On Logout: forgets the drafts of the account signing out (and those kept before drafts had an
 * account, whose owner is unknown); a colleague's drafts in this browser stay theirs.
 */
export function clearLocalDrafts(account: string) {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(PREFIX)) continue;
      const rest = key.slice(PREFIX.length);
      if (rest.startsWith(`${account}:`) || rest.startsWith('/')) localStorage.removeItem(key);
    }
  } catch {
    /* storage unavailable: there are no drafts to forget */
  }
}

/**
 * A copy of an editor form's unsaved changes in this browser (localStorage), written as staff type,
 * so a reload, a closed tab or a session that ended does not lose them. Opening the same item again
 * offers the draft back (`offer`, `restore`, `discard`). A save, or discarding the changes, clears it.
 * `key` names the item: its admin URL and id, or `new`; the draft is kept under the signed-in account
 * (`DraftAccount`) too, and closing the editor (the session ended, another account signed in) writes
 * what is still waiting for the write delay.
 */
export function useLocalDraft<T extends FieldValues, TContext = unknown, TOut = T>(
  key: string,
  {
    form,
    restore,
  }: { form: Pick<UseFormReturn<T, TContext, TOut>, 'subscribe'>; restore: (values: T) => void },
) {
  const account = useContext(DraftAccount);
  const stored = account === null ? null : storageKey(account, key);
  const [offer, setOffer] = useState(() => (stored === null ? null : read<T>(stored)));
  const cleared = useRef(false);

  // Follows the form's values without re-rendering the editor on every keystroke (a useWatch here
  // re-rendered the whole dialog, every field and the markdown editor with it).
  useEffect(() => {
    if (stored === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waiting: T | undefined;
    // Checked again when it runs: a discard or a save in the meantime wins over a waiting write.
    const flush = () => {
      if (waiting !== undefined && !cleared.current)
        write(stored, { values: waiting, savedAt: new Date().toISOString() });
      waiting = undefined;
    };
    const unsubscribe = form.subscribe({
      formState: { values: true, isDirty: true },
      callback: ({ values, isDirty }) => {
        clearTimeout(timer);
        waiting = undefined;
        if (!isDirty || cleared.current) return;
        waiting = values;
        timer = setTimeout(flush, WRITE_DELAY_MS);
      },
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
      flush();
    };
  }, [form, stored]);

  return {
    offer,
    restore: () => {
      if (offer) restore(offer.values);
      setOffer(null);
    },
    discard: () => {
      if (stored !== null) write(stored, null);
      setOffer(null);
    },
    /** After a save or an explicit discard: nothing left to offer, and no more writes. */
    clear: () => {
      cleared.current = true;
      if (stored !== null) write(stored, null);
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
