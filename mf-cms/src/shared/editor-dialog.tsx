import { useState, type ReactNode } from 'react';
import { Button } from '@agency/ui';
import { ConfirmDialog, Dialog } from '@agency/ui/dialog';
import { errorMessage, getEntity, isStale, versionOf } from './admin-api';
import { useUnsavedChanges } from './unsaved-changes';
import { formatDateTime } from './publishing';

export const DISCARD_TITLE = 'Discard unsaved changes?';

/** Asks before unsaved work is thrown away; "Keep editing" is the safe default. */
export function ConfirmDiscard({
  open,
  onKeep,
  onDiscard,
  description = 'Your changes in this form have not been saved. They will be lost.',
  discardLabel = 'Discard changes',
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  description?: string;
  discardLabel?: string;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={DISCARD_TITLE}
      description={description}
      cancelLabel="Keep editing"
      confirmLabel={discardLabel}
      onCancel={onKeep}
      onConfirm={onDiscard}
    />
  );
}

/**
 * A CMS edit dialog: Escape, the close button and Cancel (`requestClose`) ask first while the form
 * holds unsaved changes, which also make leaving the CMS ask. Focus goes back to the control that
 * opened it (the dialog mounts while that control has focus).
 */
export function EditorDialog({
  title,
  className,
  dirty,
  onClose,
  onDiscarded,
  children,
}: {
  title: string;
  className?: string;
  dirty: boolean;
  onClose: () => void;
  /** The changes were discarded on purpose (their local draft goes too). */
  onDiscarded?: () => void;
  children: (requestClose: () => void) => ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  useUnsavedChanges(dirty);
  const requestClose = () => (dirty ? setAsking(true) : onClose());
  return (
    <>
      <Dialog open onOpenChange={(o) => !o && requestClose()} title={title} className={className}>
        {children(requestClose)}
      </Dialog>
      <ConfirmDiscard
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onDiscarded?.();
          onClose();
        }}
      />
    </>
  );
}

/** The staff's own values as plain text, to copy back after reloading a changed item. */
function valuesAsText(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v, null, 2)}`)
    .join('\n\n');
}

/**
 * What a save needs beyond the form: the version it was opened at (sent as If-Match), the last
 * refusal, and after a 412 the staff's text to copy while the current version is reloaded. An item
 * of a list is `<url>/<row.id>` with the row's version; a single record (Site Settings) names its
 * own address and version in `stored`.
 */
export function useSaveState<TRow extends object>(
  url: string,
  row: TRow | null,
  onReloaded: (fresh: TRow) => void,
  stored?: { itemUrl: string; etag: string | undefined },
) {
  const [etag, setEtag] = useState(() => (stored ? stored.etag : versionOf(row)));
  const [problem, setProblem] = useState<unknown>(null);
  const [copy, setCopy] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  /** Bumped on reload so editors that keep their own text start again from the form. */
  const [generation, setGeneration] = useState(0);

  const failed = (err: unknown, values: object) => {
    setProblem(err);
    if (isStale(err)) setCopy(valuesAsText(values as Record<string, unknown>));
  };
  /** Shows `fresh` (as stored now, e.g. reloaded or restored) and edits from its version on. */
  const adopt = (fresh: TRow, freshEtag?: string) => {
    onReloaded(fresh);
    setEtag(freshEtag ?? versionOf(fresh));
    setGeneration((g) => g + 1);
    setProblem(null);
  };
  const itemUrl = stored?.itemUrl ?? (row ? `${url}/${(row as { id?: unknown }).id}` : null);
  const reload = async () => {
    if (!itemUrl) return;
    setReloading(true);
    try {
      const fresh = await getEntity<TRow>(itemUrl);
      adopt(fresh.row, fresh.etag);
    } catch (err) {
      setProblem(err);
    } finally {
      setReloading(false);
    }
  };
  return {
    url,
    itemUrl,
    etag,
    problem,
    copy,
    reloading,
    generation,
    failed,
    reload,
    adopt,
    start: () => setProblem(null),
    /** Stored at version `newEtag`: the next save names it; nothing left to copy. */
    saved: (newEtag: string | undefined) => {
      setEtag(newEtag);
      setProblem(null);
      setCopy(null);
    },
  };
}

export type SaveState<TRow extends object = { id: number }> = ReturnType<typeof useSaveState<TRow>>;

/**
 * A 412's message with who saved the item meanwhile and when, where the server says (a content
 * item's answer carries `changedBy` and `changedAt`); else the form's own `staleMessage`.
 */
function whoChanged(problem: unknown, staleMessage: string): string {
  let body: { changedBy?: unknown; changedAt?: unknown } = {};
  try {
    body = JSON.parse((problem as { bodyText?: string }).bodyText ?? '{}') as typeof body;
  } catch {
    /* not JSON: the plain message */
  }
  if (typeof body.changedBy !== 'string' || typeof body.changedAt !== 'string') return staleMessage;
  const at = formatDateTime(body.changedAt, { seconds: true });
  return `Not saved: this item was changed by someone else since you opened it: ${body.changedBy} saved it on ${at}. Reload it to edit the current version; your text stays below to copy.`;
}

/** Why the last save was refused, inside the form; after a 412 the way to reload and the copy. */
export function SaveProblem<TRow extends object>({
  state,
  id,
  staleMessage = 'Not saved: this item was changed by someone else since you opened it. Reload it to edit the current version; your text stays below to copy.',
}: {
  state: SaveState<TRow>;
  id: string;
  staleMessage?: string;
}) {
  const { problem, copy, reloading, reload } = state;
  return (
    <RefusedSave
      id={id}
      problem={problem}
      copy={copy}
      reloading={reloading}
      onReload={() => void reload()}
      staleMessage={staleMessage}
    />
  );
}

/**
 * A refused save, for any form that saves with If-Match (editor dialogs, Site Settings): the reason,
 * and after a 412 (`staleMessage`) the way to reload and the staff's own text to copy.
 */
function RefusedSave({
  id,
  problem,
  copy,
  reloading,
  onReload,
  staleMessage,
}: {
  id: string;
  problem: unknown;
  copy: string | null;
  reloading: boolean;
  onReload: () => void;
  staleMessage: string;
}) {
  if (!problem && copy === null) return null;
  return (
    <div className="space-y-2">
      {problem ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          {isStale(problem) ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{whoChanged(problem, staleMessage)}</span>
              <Button type="button" size="sm" variant="outline" onClick={onReload} disabled={reloading}>
                {reloading ? 'Reloading...' : 'Reload current version'}
              </Button>
            </div>
          ) : (
            <span>Not saved: {errorMessage(problem)} Your input is kept.</span>
          )}
        </div>
      ) : null}
      {copy !== null ? (
        <div>
          <label htmlFor={`${id}-your-copy`} className="mb-1 block text-sm font-medium text-ink-900">
            Your unsaved version (copy what you need)
          </label>
          <textarea
            id={`${id}-your-copy`}
            readOnly
            rows={6}
            value={copy}
            className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-ink-900"
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The action row under an editor form (History, Preview, Cancel, Save): at 390 px the buttons wrap
 * onto another row instead of being cut off, and a label such as 'Save Case Study' stays on one line.
 */
export const DIALOG_ACTIONS =
  'flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4 [&_button]:whitespace-nowrap';
