import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Rocket } from 'lucide-react';
import {
  AdminRoutes,
  REMOTE_FOLDERS,
  SITE_ROUTES,
  remoteReleasesSchema,
  type ReleaseSwitchAnswer,
  type RemoteReleases,
} from '@agency/contracts';
import { Badge, Button, Card, Dialog, Input, Label, Skeleton, readList } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminGet, adminKeys, adminSend, errorMessage } from '../shared/admin-api';
import { LoadFailed, TabHeader } from '../shared/list-ui';
import { formatPublishDate } from '../shared/publishing';

const releasesQuery = {
  queryKey: adminKeys.list(AdminRoutes.releases),
  queryFn: () => adminGet<unknown>(AdminRoutes.releases),
  select: (body: unknown) => readList(body, remoteReleasesSchema, 'releases'),
};

/** Where a remote's preview opens: its first page without parameters (mf-contact: /contact), else home. */
export function previewHref(remote: string, version: string): string {
  const page = SITE_ROUTES.find((r) => REMOTE_FOLDERS[r.remote] === remote && !r.path.includes(':'));
  return `${page?.path ?? '/'}?remotes=${remote}@${encodeURIComponent(version)}`;
}

/** Each remote's live version, canary, staged versions and history; preview any, promote any not live. */
export function ReleasesTab() {
  const list = useQuery(releasesQuery);
  const [promoting, setPromoting] = useState<{ remote: string; version: string } | null>(null);
  return (
    <div>
      <TabHeader
        title="Releases"
        description="What each part of the site serves. Preview a stored version (only you see it), then promote it for every visitor or a share of them."
      />
      {list.isPending ? (
        <Skeleton className="h-40" />
      ) : list.isError ? (
        <LoadFailed what="The releases" onRetry={() => void list.refetch()} />
      ) : (
        <div className="space-y-6">
          {list.data.map((r) => (
            <RemoteCard
              key={r.remote}
              releases={r}
              onPromote={(version) => setPromoting({ remote: r.remote, version })}
            />
          ))}
        </div>
      )}
      {promoting ? <PromoteDialog {...promoting} onClose={() => setPromoting(null)} /> : null}
    </div>
  );
}

function RemoteCard({
  releases: r,
  onPromote,
}: {
  releases: RemoteReleases;
  onPromote: (version: string) => void;
}) {
  const headingId = useId();
  const none = !r.live && !r.canary && !r.staged.length && !r.history.length;
  return (
    <Card className="p-5" role="region" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold text-ink-900">
        {r.remote}
      </h3>
      {none ? (
        <p className="mt-2 text-sm text-slate-600">{r.remote} has no releases: it serves its local build.</p>
      ) : (
        <>
          <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium text-slate-600">Live</dt>
            <dd className="font-mono text-ink-900">{r.live ?? 'its local build'}</dd>
            {r.canary ? (
              <>
                <dt className="font-medium text-slate-600">Canary</dt>
                <dd className="text-ink-900">
                  <span className="font-mono">{r.canary.version}</span> for {r.canary.percent}% of visitors
                </dd>
              </>
            ) : null}
          </dl>
          <VersionList
            title="Staged"
            empty="No staged versions."
            remote={r.remote}
            rows={r.staged.map((s) => ({
              version: s.version,
              detail: s.storedAt ? `stored ${formatPublishDate(s.storedAt)}` : 'stored, never live',
              live: false,
            }))}
            onPromote={onPromote}
          />
          <VersionList
            title="History"
            empty="No releases yet."
            remote={r.remote}
            rows={r.history.map((h) => ({
              version: h.version,
              detail: [
                h.action,
                h.switchedAt && formatPublishDate(h.switchedAt),
                h.gitCommit && `commit ${h.gitCommit.slice(0, 12)}`,
              ]
                .filter(Boolean)
                .join(' · '),
              live: h.current && h.version === r.live,
            }))}
            onPromote={onPromote}
          />
        </>
      )}
    </Card>
  );
}

function VersionList({
  title,
  empty,
  remote,
  rows,
  onPromote,
}: {
  title: string;
  empty: string;
  remote: string;
  rows: { version: string; detail: string; live: boolean }[];
  onPromote: (version: string) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h4 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {title}
      </h4>
      {rows.length ? (
        <ul
          aria-labelledby={headingId}
          className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200"
        >
          {rows.map((row, i) => (
            <li
              key={`${row.version}-${i}`}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-2"
            >
              <div className="min-w-0">
                <span className="font-mono text-sm text-ink-900">{row.version}</span>{' '}
                {row.live ? <Badge>Live</Badge> : null}
                {row.detail ? <p className="text-xs text-slate-600">{row.detail}</p> : null}
              </div>
              <div className="flex gap-2">
                <a
                  href={previewHref(remote, row.version)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Preview ${remote} ${row.version} (opens in a new tab)`}
                  className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-ink-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <ExternalLink className="h-4 w-4" aria-hidden="true" />
                  Preview
                </a>
                {row.live ? null : (
                  <Button
                    size="sm"
                    aria-label={`Promote ${remote} ${row.version}`}
                    onClick={() => onPromote(row.version)}
                  >
                    <Rocket className="h-4 w-4" aria-hidden="true" />
                    Promote
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      )}
    </section>
  );
}

/**
 * Asks before a promote (as `npm run promote` would be run): an empty share promotes for everyone,
 * 1–99 starts a canary. Closes only once the server switched; a refusal stays in the dialog.
 */
function PromoteDialog({
  remote,
  version,
  onClose,
}: {
  remote: string;
  version: string;
  onClose: () => void;
}) {
  const id = useId();
  const client = useQueryClient();
  const [percent, setPercent] = useState('');
  const promote = useMutation({
    mutationFn: (body: { version: string; percent?: number }) =>
      adminSend<ReleaseSwitchAnswer>('POST', `${AdminRoutes.releases}/${remote}/promote`, body),
    onSettled: () => client.invalidateQueries({ queryKey: releasesQuery.queryKey }),
  });
  const share = percent.trim();
  const onConfirm = () =>
    promote.mutate(
      { version, ...(share ? { percent: Number(share) } : {}) },
      {
        onSuccess: (answer) => {
          toast({
            title: share && share !== '100' ? 'Canary started' : 'Promoted',
            description: answer.message,
          });
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !promote.isPending && onClose()}
      title={`Promote ${remote} ${version}?`}
      description="Visitors get this version from their next page load."
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <div>
          <Label htmlFor={`${id}-percent`}>Share of visitors, % (optional)</Label>
          <Input
            id={`${id}-percent`}
            inputMode="numeric"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            aria-describedby={`${id}-percent-hint`}
          />
          <p id={`${id}-percent-hint`} className="mt-1.5 text-sm text-slate-600">
            Empty or 100: everyone. 1 to 99: a canary for that share.
          </p>
        </div>
        {promote.isError ? (
          <div
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
          >
            Not promoted: {errorMessage(promote.error)}
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} autoFocus disabled={promote.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={promote.isPending}>
            {promote.isPending ? 'Promoting...' : 'Promote'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
