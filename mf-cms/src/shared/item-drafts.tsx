import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContentDraft, DraftMark as DraftMarkValue } from '@agency/contracts';
import { Button } from '@agency/ui';
import { adminKeys, adminSend } from './admin-api';
import { formatDateTime } from './publishing';

/**
 * Drafts of live items (issue 41): a published item's changes are saved as a pending draft the public
 * does not see until it is published, now or at a scheduled time (api/src/admin/crud-drafts.ts).
 */

/** The pending draft of an opened item, if it has one. */
export const draftOf = (row: object | null): ContentDraft | undefined =>
  (row as { draft?: ContentDraft } | null)?.draft;

/**
 * Whether saving the opened item keeps the changes as a draft: it is published (live values), or it
 * already has a draft. A new or unpublished item is saved as it is (one Save).
 */
export function savesAsDraft(row: object | null): boolean {
  if (!row) return false;
  const item = row as { draft?: unknown; published?: unknown };
  return Boolean(item.draft) || item.published === true;
}

/** What a list row says of its item's pending draft: "Draft pending" or "Changes scheduled for …". */
export function DraftMark({ draft }: { draft: unknown }) {
  const mark = draft as DraftMarkValue | undefined;
  if (!mark || typeof mark !== 'object' || typeof mark.updatedAt !== 'string') return null;
  return (
    <span className="inline-flex items-center rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
      {mark.publishAt ? `Changes scheduled for ${formatDateTime(mark.publishAt)}` : 'Draft pending'}
    </span>
  );
}

/** Whether a moment is behind us (read when the list renders, like a publish date's state). */
const hasPassed = (at: string) => Date.parse(at) <= Date.now();

/**
 * What a list row says of a published item's unpublish date: "Unpublishes …" ahead of it, "Not public
 * since …" past it (the item stays published here; visitors no longer see it).
 */
export function UnpublishMark({ item }: { item: object }) {
  const { published, unpublishAt: at } = item as { published?: unknown; unpublishAt?: unknown };
  if (published !== true || typeof at !== 'string' || Number.isNaN(Date.parse(at))) return null;
  const ended = hasPassed(at);
  return (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
      {ended ? `Not public since ${formatDateTime(at)}` : `Unpublishes ${formatDateTime(at)}`}
    </span>
  );
}

/** What every list row says beside its status: a pending draft of the item, and its unpublish date. */
export function ItemMarks({ item }: { item: object }) {
  return (
    <>
      <DraftMark draft={(item as { draft?: unknown }).draft} />
      <UnpublishMark item={item} />
    </>
  );
}

/**
 * Over the form of an item with a pending draft: says so (and when it goes live, if scheduled), with
 * Preview (the form's values on the site), Publish now and Discard draft.
 */
export function DraftBanner({
  draft,
  kind,
  busy,
  onPreview,
  onPublish,
  onDiscard,
}: {
  draft: ContentDraft;
  /** What the item is called ('page', 'blog post'). */
  kind: string;
  busy: boolean;
  onPreview?: (() => void) | undefined;
  onPublish: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <div>
        <p className="font-semibold">This {kind} has unpublished changes</p>
        <p>
          {draft.publishAt
            ? `They go live ${formatDateTime(draft.publishAt)}. Visitors see the published version until then.`
            : 'Visitors see the published version until you publish them.'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {onPreview ? (
          <Button type="button" size="sm" variant="outline" onClick={onPreview}>
            Preview
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="outline" onClick={onDiscard} disabled={busy}>
          Discard draft
        </Button>
        <Button type="button" size="sm" onClick={onPublish} disabled={busy}>
          Publish now
        </Button>
      </div>
    </div>
  );
}

/** A datetime-local value as an ISO instant; empty or not a moment: null. */
const localToIso = (value: string) => {
  const at = new Date(value);
  return value && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
};

/** "Schedule changes": a time (the editor's zone) and the button that saves the draft to go live then. */
export function ScheduleChanges({
  initial,
  busy,
  onSchedule,
}: {
  /** The draft's current schedule (datetime-local text). */
  initial: string;
  busy: boolean;
  onSchedule: (publishAt: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const at = localToIso(value);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-ink-900">
          Go live at
        </label>
        <input
          id={id}
          type="datetime-local"
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
        />
      </div>
      <Button type="button" variant="outline" disabled={busy || !at} onClick={() => at && onSchedule(at)}>
        Schedule changes
      </Button>
    </div>
  );
}

/** Saving, publishing and discarding an item's pending draft; each refreshes the list and the history. */
export function useDraftWrites(url: string) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.list(url) }),
      client.invalidateQueries({ queryKey: adminKeys.revisions }),
    ]);
  const [pending, setPending] = useState(false);
  /** Runs one write, marks the editor busy meanwhile, refreshes after a success. */
  const run = async <T,>(write: () => Promise<T>): Promise<T> => {
    setPending(true);
    try {
      const answer = await write();
      await refresh();
      return answer;
    } finally {
      setPending(false);
    }
  };
  return {
    pending,
    run,
    save: (id: number, values: unknown, etag: string | undefined, publishAt: string | null = null) =>
      adminSend<Record<string, unknown>>('PUT', `${url}/${id}/draft`, { values, publishAt }, etag),
    publish: (id: number, etag: string | undefined) =>
      adminSend<Record<string, unknown>>('POST', `${url}/${id}/draft/publish`, undefined, etag),
    discard: (id: number, etag: string | undefined) =>
      adminSend('DELETE', `${url}/${id}/draft`, undefined, etag),
  };
}
