import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  PERSONAL_DATA_KINDS,
  PERSONAL_DATA_LABELS,
  PRIVACY_PATHS,
  PrivacyMessages,
  type PersonalDataReport,
  type PrivacyEraseResult,
} from '@agency/contracts';
import { Button, Card, Input, apiRequest } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminSend, errorMessage, guarded } from '../shared/admin-api';
import { Field } from '../shared/form-controls';

/** The answer's counts, read tolerantly: a place the API does not name counts as none. */
const countOf = (report: unknown, kind: string): number => {
  const n = (report as { counts?: Record<string, unknown> } | undefined)?.counts?.[kind];
  return typeof n === 'number' ? n : 0;
};

/** POSTs the address (never in a URL) and saves the answer as the file the server names. */
async function download(url: string, email: string, fallbackName: string) {
  const res = await guarded(() => apiRequest('POST', url, { email }));
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

/**
 * Settings > Personal data (admins and the owner): answer a person's request to see, export or erase
 * what the site holds about their e-mail address (docs/privacy.md).
 */
export function PersonalDataCard() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string>();
  const search = useMutation({
    mutationFn: (address: string) =>
      adminSend<PersonalDataReport>('POST', PRIVACY_PATHS.search, { email: address }),
    onError: (err) => setProblem(errorMessage(err)),
  });
  const erase = useMutation({
    mutationFn: (address: string) =>
      adminSend<PrivacyEraseResult>('POST', PRIVACY_PATHS.erase, { email: address, confirm }),
    onSuccess: (result) => {
      setConfirm('');
      toast({ title: 'Erased', description: `${result.total} record(s) erased.` });
      search.mutate(email.trim());
    },
    onError: (err) => setProblem(errorMessage(err)),
  });
  const exporting = useMutation({
    mutationFn: ({ url, name }: { url: string; name: string }) => download(url, email.trim(), name),
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Not exported', description: errorMessage(err) }),
  });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setProblem(undefined);
    erase.reset();
    search.mutate(email.trim());
  };
  const report = search.data;
  const total = report ? PERSONAL_DATA_KINDS.reduce((sum, kind) => sum + countOf(report, kind), 0) : 0;
  const erasable = report ? total - countOf(report, 'staffAccounts') : 0;
  const sameAddress = confirm.trim().toLowerCase() === email.trim().toLowerCase();

  return (
    <Card className="p-6">
      <h3 className="text-lg font-semibold text-ink-900">Personal data</h3>
      <p className="mt-1 text-sm text-slate-600">
        Find everything held about an e-mail address, export it or erase it, to answer a person’s request.
      </p>
      <form
        onSubmit={onSearch}
        noValidate
        className="mt-5 flex flex-wrap items-end gap-3"
        aria-label="Find personal data"
      >
        <Field label="E-mail address" htmlFor={`${id}-email`} error={problem} className="min-w-72 flex-1">
          <Input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            invalid={Boolean(problem)}
          />
        </Field>
        <Button type="submit" disabled={search.isPending || !email.trim()}>
          {search.isPending ? 'Searching...' : 'Find'}
        </Button>
      </form>

      {report ? (
        <div className="mt-5 space-y-4" aria-label="Personal data found" role="region">
          <ul className="grid gap-1 text-sm text-ink-900 sm:grid-cols-2">
            {PERSONAL_DATA_KINDS.map((kind) => (
              <li key={kind}>
                {PERSONAL_DATA_LABELS[kind]}: <strong>{countOf(report, kind)}</strong>
              </li>
            ))}
          </ul>
          {countOf(report, 'staffAccounts') ? (
            <p className="text-sm text-slate-600">{PrivacyMessages.staffKept}</p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              variant="outline"
              disabled={!total || exporting.isPending}
              onClick={() => exporting.mutate({ url: PRIVACY_PATHS.export, name: 'personal-data.json' })}
            >
              Download JSON
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={!total || exporting.isPending}
              onClick={() => exporting.mutate({ url: PRIVACY_PATHS.exportCsv, name: 'personal-data.csv' })}
            >
              Download CSV
            </Button>
          </div>
          {erasable ? (
            <form
              className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4"
              aria-label="Erase personal data"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                setProblem(undefined);
                erase.mutate(email.trim());
              }}
            >
              <Field
                label="Type the address again to erase its records for good"
                htmlFor={`${id}-confirm`}
                className="min-w-72 flex-1"
              >
                <Input
                  id={`${id}-confirm`}
                  type="email"
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                />
              </Field>
              <Button type="submit" variant="secondary" disabled={!sameAddress || erase.isPending}>
                {erase.isPending ? 'Erasing...' : `Erase ${erasable} record(s)`}
              </Button>
            </form>
          ) : null}
          {erase.data ? (
            <p role="status" className="text-sm text-ink-900">
              Erased {erase.data.total} record(s).{erase.data.message ? ` ${erase.data.message}` : ''}
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
