import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminRoutes,
  TRASH_RETENTION_DAYS,
  bulkPath,
  type BulkAction,
  type BulkActionResult,
} from '@agency/contracts';
import { Button, cn } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminKeys, adminSend, errorMessage } from './admin-api';
import { useConfirm, type Question } from './confirm';

/** What an item is called in counts: "1 blog post", "3 blog posts". */
export interface Noun {
  one: string;
  many: string;
}
/** The noun of a type named in the singular ('Blog Post' → blog post / blog posts, 'Case Study' → case studies). */
export const nounOf = (singular: string): Noun => {
  const one = singular.toLowerCase();
  return { one, many: one.endsWith('y') ? `${one.slice(0, -1)}ies` : `${one}s` };
};
const counted = (n: number, noun: Noun) => `${n} ${n === 1 ? noun.one : noun.many}`;

const DONE: Record<BulkAction, string> = {
  publish: 'published',
  unpublish: 'unpublished',
  delete: 'moved to the trash',
};
const ALREADY: Partial<Record<BulkAction, string>> = {
  publish: 'already published',
  unpublish: 'already unpublished',
};

/** The toast after the server answered: the counts of what it did, skipped and could not find. */
function reportOf(result: BulkActionResult, noun: Noun) {
  const notes = [
    result.unchanged.length ? `${counted(result.unchanged.length, noun)} ${ALREADY[result.action]}.` : '',
    result.missing.length
      ? `${counted(result.missing.length, noun)} no longer there (deleted meanwhile).`
      : '',
  ].filter(Boolean);
  return {
    title: `${counted(result.changed.length, noun)} ${DONE[result.action]}`,
    ...(notes.length ? { description: notes.join(' ') } : {}),
  };
}

const bulkTrashQuestion = (n: number, noun: Noun): Question => ({
  title: `Move ${counted(n, noun)} to the trash?`,
  description: `You can restore them from the Trash tab for ${TRASH_RETENTION_DAYS} days.`,
  confirmLabel: 'Move to trash',
});

/** A bulk action's button: its label and what it does with the chosen ids. */
export interface BulkButton {
  label: string;
  run: (ids: number[]) => void;
}

/**
 * Rows chosen for a bulk action. Only rows shown (after search and filter) count as chosen, so an
 * action never touches a hidden row.
 */
export function useSelection(shown: readonly { id: number }[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const chosen = shown.filter((r) => selected.has(r.id)).map((r) => r.id);
  const toggle = (rowId: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(rowId);
      else next.delete(rowId);
      return next;
    });
  const checkbox = (rowId: number, name: string, className?: string): ReactNode => (
    <input
      type="checkbox"
      className={cn('h-4 w-4 shrink-0 accent-brand-600', className)}
      aria-label={`Select ${name}`}
      checked={selected.has(rowId)}
      onChange={(e) => toggle(rowId, e.target.checked)}
    />
  );
  return {
    shown,
    chosen,
    checkbox,
    clear: () => setSelected(new Set()),
    selectAll: (on: boolean) => setSelected(new Set(on ? shown.map((r) => r.id) : [])),
  };
}

export type Selection = ReturnType<typeof useSelection>;

/** The bar over a list: Select all, how many are chosen, and the actions once some are. */
export function BulkBar({
  selection,
  actions,
  pending,
}: {
  selection: Selection;
  actions: BulkButton[];
  pending: boolean;
}) {
  const id = useId();
  const { shown, chosen } = selection;
  const all = shown.length > 0 && chosen.length === shown.length;
  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2"
      role="toolbar"
      aria-label="Bulk actions"
    >
      <label className="flex items-center gap-2 text-sm text-ink-900" htmlFor={`${id}-all`}>
        <input
          id={`${id}-all`}
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = chosen.length > 0 && !all;
          }}
          onChange={(e) => selection.selectAll(e.target.checked)}
        />
        Select all
      </label>
      <span className="text-sm text-slate-600" aria-live="polite">
        {chosen.length ? `${chosen.length} selected` : 'None selected'}
      </span>
      {chosen.length ? (
        <div className="ml-auto flex flex-wrap gap-2">
          {actions.map((a) => (
            <Button
              key={a.label}
              size="sm"
              variant="outline"
              disabled={pending}
              onClick={() => a.run(chosen)}
            >
              {a.label}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Selection and bulk publish, unpublish and trash for one content list (POST <url>/bulk). The list
 * and the trash are read again once the server has answered.
 */
export function useBulkActions({
  url,
  shown,
  noun,
}: {
  url: string;
  shown: readonly { id: number }[];
  noun: Noun;
}) {
  const client = useQueryClient();
  const selection = useSelection(shown);
  const run = useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: number[] }) =>
      adminSend<BulkActionResult>('POST', bulkPath(url), { action, ids }),
    onSuccess: (result) => {
      selection.clear();
      toast(reportOf(result, noun));
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Nothing was changed', description: errorMessage(err) }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list(url) }),
        client.invalidateQueries({ queryKey: adminKeys.list(AdminRoutes.trash) }),
        client.invalidateQueries({ queryKey: adminKeys.revisions }),
      ]),
  });

  const { ask, dialog } = useConfirm();
  const act = (action: BulkAction) => async (ids: number[]) => {
    if (action === 'delete' && !(await ask(bulkTrashQuestion(ids.length, noun)))) return;
    run.mutate({ action, ids });
  };
  const actions: BulkButton[] = [
    { label: 'Publish', run: (ids) => void act('publish')(ids) },
    { label: 'Unpublish', run: (ids) => void act('unpublish')(ids) },
    { label: 'Move to trash', run: (ids) => void act('delete')(ids) },
  ];

  const bar: ReactNode = (
    <>
      <BulkBar selection={selection} actions={actions} pending={run.isPending} />
      {dialog}
    </>
  );
  return { checkbox: selection.checkbox, bar };
}
