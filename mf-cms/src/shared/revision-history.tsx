import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changedFields,
  OWNER_NAME,
  type Revision,
  type RevisionKind,
  type RevisionSummary,
} from '@agency/contracts';
import { Button, cn } from '@agency/ui';
import { ConfirmDialog, Dialog } from '@agency/ui/dialog';
import { toast } from '@agency/ui/toast';
import { adminGet, adminKeys, adminSend, asArray, errorMessage } from './admin-api';
import type { SaveState } from './editor-dialog';
import { formatDateTime } from './publishing';

const KIND_LABELS: Record<RevisionKind, string> = {
  create: 'Created',
  update: 'Saved',
  restore: 'Restored',
  baseline: 'As first recorded',
};

/** `metaTitle` → "Meta title". */
export const fieldLabel = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An object's fields as "Label: value" lines (the hero's content, a list of results): no JSON. */
function asLines(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) {
      return [`${prefix || 'Items'}: ${value.map((v) => shown(v)).join(', ')}`];
    }
    return value.flatMap((v, i) => asLines(v, `${prefix ? `${prefix} ` : ''}${i + 1}`));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      asLines(v, prefix ? `${prefix} ${fieldLabel(k).toLowerCase()}` : fieldLabel(k)),
    );
  }
  return [`${prefix}: ${shown(value)}`];
}

/** A stored value as a person reads it: dates as dates, yes/no, objects as labelled lines. */
export function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'object') return asLines(value).join('\n');
  return String(value);
}

type Part = { text: string; changed: boolean };

/**
 * The two texts as runs of words, the words that differ marked (a longest common subsequence over
 * words and spaces). Long texts beyond the table size are marked whole.
 */
export function wordDiff(before: string, after: string): { before: Part[]; after: Part[] } {
  const a = before.split(/(\s+)/).filter(Boolean);
  const b = after.split(/(\s+)/).filter(Boolean);
  if (a.length * b.length > 250_000) {
    return { before: [{ text: before, changed: true }], after: [{ text: after, changed: true }] };
  }
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out = { before: [] as Part[], after: [] as Part[] };
  const push = (list: Part[], text: string, changed: boolean) => {
    const last = list[list.length - 1];
    if (last && last.changed === changed) last.text += text;
    else list.push({ text, changed });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push(out.before, a[i]!, false);
      push(out.after, b[j]!, false);
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      push(out.after, b[j]!, !/^\s+$/.test(b[j]!));
      j++;
    } else {
      push(out.before, a[i]!, !/^\s+$/.test(a[i]!));
      i++;
    }
  }
  return out;
}

function Marked({ parts, tone }: { parts: Part[]; tone: 'old' | 'new' }) {
  return (
    <>
      {parts.map((p, k) =>
        p.changed ? (
          <mark
            key={k}
            data-changed={tone}
            className={cn(
              'rounded px-0.5',
              tone === 'old' ? 'bg-red-200 text-red-950' : 'bg-green-200 text-green-950',
            )}
          >
            {p.text}
          </mark>
        ) : (
          <span key={k}>{p.text}</span>
        ),
      )}
    </>
  );
}

const revisionKeys = {
  list: (itemUrl: string) => [...adminKeys.revisions, itemUrl] as const,
  one: (itemUrl: string, revId: number) => [...adminKeys.revisions, itemUrl, revId] as const,
  current: (itemUrl: string) => [...adminKeys.revisions, itemUrl, 'current'] as const,
};

/** Old → new for every field where the selected version differs from the item as stored now. */
function RevisionDiff({ revision, current }: { revision: Revision; current: Record<string, unknown> }) {
  const fields = changedFields(
    revision.snapshot,
    Object.fromEntries(Object.keys(revision.snapshot).map((k) => [k, current[k]])),
  );
  if (!fields.length) return <p className="text-sm text-slate-600">This version matches the current one.</p>;
  const box = 'max-h-40 overflow-auto whitespace-pre-wrap break-words rounded-md px-2 py-1 font-mono text-xs';
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600">This version → current values:</p>
      <dl className="space-y-3" aria-label="Differences from the current values">
        {fields.map((f) => {
          // One word diff per field (its table can be large), read by both sides.
          const diff = wordDiff(shown(revision.snapshot[f]), shown(current[f]));
          return (
            <div key={f} data-field={f}>
              <dt className="text-sm font-semibold text-ink-900">{fieldLabel(f)}</dt>
              <dd className="mt-1 grid gap-1 sm:grid-cols-[1fr_auto_1fr] sm:items-start">
                <span className="sr-only">In this version:</span>
                <del className={cn(box, 'bg-red-50 text-red-900 no-underline')}>
                  <Marked parts={diff.before} tone="old" />
                </del>
                <span aria-hidden className="text-center text-slate-500">
                  →
                </span>
                <span className="sr-only">Now:</span>
                <ins className={cn(box, 'bg-green-50 text-green-900 no-underline')}>
                  <Marked parts={diff.after} tone="new" />
                </ins>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/**
 * "History" in an editor dialog of a stored item: its revisions (when, what changed), a selected one's
 * differences from the stored item, and restoring it, which the server saves like an edit (If-Match:
 * the version the dialog edits). The dialog shows the restored values once the server has stored them.
 */
export function RevisionHistory<TRow extends { id: number }>({ state }: { state: SaveState<TRow> }) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const client = useQueryClient();
  const itemUrl = state.itemUrl;
  const list = useQuery({
    queryKey: revisionKeys.list(itemUrl ?? ''),
    queryFn: () => adminGet<unknown>(`${itemUrl}/revisions`),
    select: (data) => asArray<RevisionSummary>(data),
    enabled: open && Boolean(itemUrl),
  });
  const current = useQuery({
    queryKey: revisionKeys.current(itemUrl ?? ''),
    queryFn: () => adminGet<Record<string, unknown>>(itemUrl!),
    enabled: open && Boolean(itemUrl),
  });
  const revision = useQuery({
    queryKey: revisionKeys.one(itemUrl ?? '', selected ?? 0),
    queryFn: () => adminGet<Revision>(`${itemUrl}/revisions/${selected}`),
    enabled: open && selected !== null,
  });
  const restore = useMutation({
    mutationFn: (revId: number) =>
      adminSend<TRow>('POST', `${itemUrl}/revisions/${revId}/restore`, {}, state.etag),
    onSuccess: async (restored) => {
      state.adopt(restored);
      setConfirming(false);
      setOpen(false);
      setSelected(null);
      toast({ title: 'Version restored', description: 'The item now has the values of that version.' });
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list(state.url) }),
        client.invalidateQueries({ queryKey: ['admin', 'revisions', itemUrl] }),
      ]);
    },
    onError: () => setConfirming(false),
  });
  if (!itemUrl) return null;

  const chosen = list.data?.find((r) => r.id === selected);
  return (
    <>
      <Button
        variant="outline"
        className="mr-auto"
        onClick={() => {
          restore.reset();
          setOpen(true);
        }}
      >
        History
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="History"
        description="The last saved versions, newest first. Restoring one saves it again as a new version."
        className="max-w-3xl"
      >
        {list.isPending || current.isPending ? (
          <p className="text-sm text-slate-600">Loading history...</p>
        ) : null}
        {list.isError || current.isError ? (
          <p role="alert" className="text-sm text-red-700">
            History could not be loaded: {errorMessage(list.error ?? current.error)}
          </p>
        ) : null}
        {list.data && list.data.length === 0 ? (
          <p className="text-sm text-slate-600">No saved versions yet.</p>
        ) : null}
        <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <ul className="max-h-[60vh] space-y-1 overflow-y-auto" aria-label="Versions">
            {list.data?.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  aria-pressed={r.id === selected}
                  onClick={() => setSelected(r.id)}
                  className={cn(
                    'w-full rounded-md border px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600',
                    r.id === selected ? 'border-brand-600 bg-brand-50' : 'border-slate-200',
                  )}
                >
                  <span className="block font-medium text-ink-900">
                    {formatDateTime(r.createdAt, { seconds: true })}
                  </span>
                  <span className="block text-slate-600">
                    {KIND_LABELS[r.kind] ?? r.kind}
                    {/* Personal accounts by name; the shared password (the owner) reads as before accounts. */}
                    {r.actorName && r.actorName !== OWNER_NAME ? ` by ${r.actorName}` : ''}
                    {r.kind !== 'create' && r.kind !== 'baseline' && r.changedFields.length
                      ? `: ${r.changedFields.map(fieldLabel).join(', ')}`
                      : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div>
            {selected === null && list.data?.length ? (
              <p className="text-sm text-slate-600">
                Select a version to compare it with the current values.
              </p>
            ) : null}
            {revision.isError ? (
              <p role="alert" className="text-sm text-red-700">
                This version could not be loaded: {errorMessage(revision.error)}
              </p>
            ) : null}
            {revision.data && current.data && revision.data.id === selected ? (
              <div className="space-y-4">
                <h3 className="text-sm font-semibold text-ink-900">
                  Version of{' '}
                  {formatDateTime(chosen ? chosen.createdAt : revision.data.createdAt, { seconds: true })}
                </h3>
                <RevisionDiff revision={revision.data} current={current.data} />
                {restore.isError ? (
                  <p
                    role="alert"
                    className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
                  >
                    Not restored: {errorMessage(restore.error)}
                  </p>
                ) : null}
                <Button onClick={() => setConfirming(true)} disabled={restore.isPending}>
                  Restore this version
                </Button>
              </div>
            ) : null}
          </div>
        </div>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        title="Restore this version?"
        description="Its values are saved as the item's current version (unsaved changes in the form are replaced). The version it replaces stays in the history."
        confirmLabel={restore.isPending ? 'Restoring...' : 'Restore'}
        pending={restore.isPending}
        onConfirm={() => selected !== null && restore.mutate(selected)}
      />
    </>
  );
}
