import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2, Upload } from 'lucide-react';
import { REDIRECTS_PATH, type Redirect, type RedirectImportResult } from '@agency/contracts';
import { Badge, Button, Input, Skeleton, buttonClasses } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminKeys, adminSend, errorMessage, fieldErrors, useAdminList } from '../shared/admin-api';
import { EmptyState, LoadFailed, ListCard, TabHeader } from '../shared/list-ui';
import { Field, describedBy } from '../shared/form-controls';
import { formatDateTime } from '../shared/publishing';
import { useConfirm } from '../shared/confirm';

const SOURCE_LABELS: Record<Redirect['source'], string> = {
  slug: 'Slug changed',
  manual: 'Added',
  import: 'Imported',
};

/**
 * Old addresses that lead on (admin/redirects.ts): the ones slug changes made, and those staff add or
 * import; each with its hits. Export and import are CSV (`from,to`).
 */
export function RedirectsTab() {
  const id = useId();
  const list = useAdminList<Redirect>(REDIRECTS_PATH);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.list(REDIRECTS_PATH) });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fileInput = useRef<HTMLInputElement>(null);

  const add = useMutation({
    mutationFn: (values: { from: string; to: string }) => adminSend<Redirect>('POST', REDIRECTS_PATH, values),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (row: Redirect) => adminSend('DELETE', `${REDIRECTS_PATH}/${row.id}`),
    onSettled: refresh,
  });
  const importCsv = useMutation({
    mutationFn: (csv: string) => adminSend<RedirectImportResult>('POST', `${REDIRECTS_PATH}/import`, { csv }),
    onSettled: refresh,
  });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    add.mutate(
      { from, to },
      {
        onSuccess: (row) => {
          toast({ title: 'Redirect added', description: `${row.fromPath} → ${row.toPath}` });
          setFrom('');
          setTo('');
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          setErrors(fields);
          if (!Object.keys(fields).length)
            toast({ variant: 'destructive', title: 'Not added', description: errorMessage(err) });
        },
      },
    );
  };

  const { ask, dialog } = useConfirm();
  const onDelete = async (row: Redirect) => {
    const yes = await ask({
      title: `Delete the redirect from ${row.fromPath}?`,
      description: 'The old address will answer like any other again (usually "Page Not Found").',
      confirmLabel: 'Delete',
    });
    if (!yes) return;
    remove.mutate(row, {
      onSuccess: () => toast({ title: 'Redirect deleted', description: row.fromPath }),
      onError: (err) =>
        toast({ variant: 'destructive', title: 'Not deleted', description: errorMessage(err) }),
    });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const csv = await file.text();
    if (fileInput.current) fileInput.current.value = '';
    importCsv.mutate(csv, {
      onSuccess: (result) => {
        const refused = result.refused
          .slice(0, 5)
          .map((r) => `line ${r.line}: ${r.message}`)
          .join('; ');
        toast({
          variant: result.refused.length ? 'destructive' : 'default',
          title: `${result.added} redirect${result.added === 1 ? '' : 's'} imported`,
          description: result.refused.length
            ? `${result.refused.length} not imported (${refused})`
            : file.name,
        });
      },
      onError: (err) =>
        toast({ variant: 'destructive', title: 'Not imported', description: errorMessage(err) }),
    });
  };

  const rows = list.data ?? [];
  return (
    <div>
      <TabHeader
        title="Redirects"
        description="Old addresses that lead to where their content lives now. Changing a live item's slug adds one by itself."
      />
      <form
        onSubmit={onAdd}
        className="mb-6 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        noValidate
      >
        <Field label="Old address" htmlFor={`${id}-from`} error={errors['from']}>
          <Input
            {...describedBy(`${id}-from`, errors['from'])}
            value={from}
            placeholder="/blog/old-post"
            onChange={(e) => setFrom(e.target.value)}
          />
        </Field>
        <Field label="New address" htmlFor={`${id}-to`} error={errors['to']}>
          <Input
            {...describedBy(`${id}-to`, errors['to'])}
            value={to}
            placeholder="/blog/new-post"
            onChange={(e) => setTo(e.target.value)}
          />
        </Field>
        <Button type="submit" className="sm:mt-7" disabled={add.isPending}>
          Add redirect
        </Button>
      </form>
      <div className="mb-4 flex flex-wrap gap-2">
        <a href={`${REDIRECTS_PATH}.csv`} className={buttonClasses('outline', 'md')} download>
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
        </a>
        <label className={`${buttonClasses('outline', 'md')} cursor-pointer`}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Import CSV
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
      </div>
      {list.isPending ? (
        <Skeleton className="h-40" />
      ) : list.isError ? (
        <LoadFailed what="The redirects" onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>No redirects yet.</EmptyState>
      ) : (
        <ListCard label="Redirects">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <div className="min-w-0 break-all">
                <p className="font-medium text-ink-900">
                  {row.fromPath} <span aria-label="leads to">→</span> {row.toPath}
                </p>
                <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  <Badge>{SOURCE_LABELS[row.source] ?? row.source}</Badge>
                  <span>
                    {row.hits} hit{row.hits === 1 ? '' : 's'}
                    {row.lastHitAt ? `, last ${formatDateTime(row.lastHitAt)}` : ''}
                  </span>
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Delete the redirect from ${row.fromPath}`}
                onClick={() => void onDelete(row)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Delete
              </Button>
            </li>
          ))}
        </ListCard>
      )}
      {dialog}
    </div>
  );
}
