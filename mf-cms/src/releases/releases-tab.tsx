import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Rocket, Undo2 } from 'lucide-react';
import {
  AdminRoutes,
  REMOTE_FOLDERS,
  SITE_ROUTES,
  remoteReleasesSchema,
  replayRollbacks,
  type PreflightReport,
  type ReleaseSwitchAnswer,
  type RemoteReleases,
} from '@agency/contracts';
import { ApiError, Badge, Button, Card, Input, Label, Skeleton, readListOf } from '@agency/ui';
import { Dialog } from '@agency/ui/dialog';
import { toast } from '@agency/ui/toast';
import { adminGet, adminKeys, adminSend, errorMessage } from '../shared/admin-api';
import { LoadFailed, TabHeader } from '../shared/list-ui';
import { formatDateTime } from '../shared/publishing';

const releasesQuery = {
  queryKey: adminKeys.list(AdminRoutes.releases),
  queryFn: () => adminGet<unknown>(AdminRoutes.releases),
  select: (body: unknown) => readListOf(remoteReleasesSchema, body, 'releases'),
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
  const [rollingBack, setRollingBack] = useState<RemoteReleases | null>(null);
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
              onRollback={() => setRollingBack(r)}
            />
          ))}
        </div>
      )}
      {promoting ? <PromoteDialog {...promoting} onClose={() => setPromoting(null)} /> : null}
      {rollingBack ? <RollbackDialog releases={rollingBack} onClose={() => setRollingBack(null)} /> : null}
    </div>
  );
}

/** What people call each part of the site (the code names stay beside them, small). */
const REMOTE_SECTIONS: Record<string, string> = {
  'mf-marketing': 'Marketing pages',
  'mf-content': 'Content',
  'mf-contact': 'Contact',
  'mf-cms': 'CMS',
};
const ACTION_WORDS: Record<string, string> = {
  release: 'Released',
  promote: 'Promoted',
  rollback: 'Rolled back to',
};

/**
 * The versions a rollback moved away from, labelled as such: the one the server names (the last
 * switch was a rollback), and in a newest-first history the switch right after each rollback (the one
 * it undid).
 */
function rolledBackVersions(r: Pick<RemoteReleases, 'history' | 'rolledBack'>): Set<string> {
  const out = new Set<string>(r.rolledBack ? [r.rolledBack] : []);
  r.history.forEach((h, i) => {
    const undone = r.history[i + 1];
    if (h.action === 'rollback' && undone) out.add(undone.version);
  });
  return out;
}

/**
 * What a rollback goes back to, replayed from the switch log as the server does (a release or promote
 * pushes the version it replaces, a rollback pops): the version and what changed in it, 'its local
 * build' for the first release, or null when the log is missing or incomplete (the server decides).
 */
export function rollbackTargetOf(r: Pick<RemoteReleases, 'history' | 'live'>): string | null {
  const switches = [...r.history].reverse();
  if (!r.live || !switches.length || switches.some((s) => !s.action)) return null;
  const { current, target } = replayRollbacks(
    switches.map((s) => ({ action: s.action!, release: s.version })),
  );
  if (current !== r.live) return null;
  if (!target) return 'its local build';
  const subject = r.history.find((h) => h.version === target && h.subject)?.subject;
  return subject ? `${target} (${subject})` : target;
}

/** When a version was built, for people: 'built Mar 1, 2026, 9:00 AM UTC'. */
const builtOn = (at: string | undefined) => (at ? `built ${formatDateTime(at)}` : '');

function RemoteCard({
  releases: r,
  onPromote,
  onRollback,
}: {
  releases: RemoteReleases;
  onPromote: (version: string) => void;
  onRollback: () => void;
}) {
  const headingId = useId();
  const none = !r.live && !r.canary && !r.staged.length && !r.history.length;
  const rolledBack = rolledBackVersions(r);
  return (
    <Card className="p-5" role="region" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold text-ink-900">
        {REMOTE_SECTIONS[r.remote] ?? r.remote}{' '}
        <span className="font-mono text-xs font-normal text-slate-500">{r.remote}</span>
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
            {/* The last canary that ended by itself (the canary guard), and why. */}
            {r.canaryEnded && !r.canary ? (
              <>
                <dt className="font-medium text-slate-600">Last canary</dt>
                <dd className="text-ink-900">
                  <span className="font-mono">{r.canaryEnded.version}</span>: {r.canaryEnded.reason} (
                  {formatDateTime(r.canaryEnded.at)})
                </dd>
              </>
            ) : null}
          </dl>
          {/* Something to go back to: a canary to end, an earlier release, or for the first release the
              locally built remote (the server has the last word). */}
          {r.live ? (
            <Button
              size="sm"
              variant="outline"
              className="mt-3"
              aria-label={r.canary ? `End the canary of ${r.remote}` : `Roll back ${r.remote}`}
              onClick={onRollback}
            >
              <Undo2 className="h-4 w-4" aria-hidden="true" />
              {r.canary ? 'End canary' : 'Roll back'}
            </Button>
          ) : null}
          <VersionList
            title="Staged"
            empty="No staged versions."
            remote={r.remote}
            rows={r.staged.map((s) => ({
              version: s.version,
              subject: s.subject,
              rolledBack: rolledBack.has(s.version),
              detail: [builtOn(s.storedAt), rolledBack.has(s.version) ? '' : 'never live']
                .filter(Boolean)
                .join(', '),
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
              subject: h.subject,
              rolledBack: rolledBack.has(h.version) && h.version !== r.live,
              detail: [
                h.action ? (ACTION_WORDS[h.action] ?? h.action) : '',
                h.switchedAt && formatDateTime(h.switchedAt),
                builtOn(h.builtAt),
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
  rows: {
    version: string;
    subject?: string | undefined;
    rolledBack?: boolean;
    detail: string;
    live: boolean;
  }[];
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
                {row.rolledBack ? <Badge tone="warning">Rolled back</Badge> : null}
                {/* What changed: the commit subject recorded when it was released. */}
                {row.subject ? <p className="text-sm text-ink-900">{row.subject}</p> : null}
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

/** The report of a preflight that refused a promote (409 PREFLIGHT_FAILED), when `err` is one. */
export function refusedPreflight(err: unknown): PreflightReport | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  try {
    const body = JSON.parse(err.bodyText) as { code?: unknown; preflight?: PreflightReport };
    return body.code === 'PREFLIGHT_FAILED' ? body.preflight : undefined;
  } catch {
    return undefined;
  }
}

/** The pages of a preflight that render worse on the staged version: path, both statuses, what broke. */
function PreflightPages({ report }: { report: PreflightReport }) {
  const failing = report.pages.filter((p) => p.problems.length);
  return (
    <table className="mt-2 w-full text-left text-xs">
      <caption className="sr-only">Pages that render worse on {report.version}</caption>
      <thead>
        <tr>
          <th scope="col">Page</th>
          <th scope="col">Live</th>
          <th scope="col">Staged</th>
          <th scope="col">Problem</th>
        </tr>
      </thead>
      <tbody>
        {failing.map((p) => (
          <tr key={p.path} className="align-top">
            <td className="pr-2 font-mono break-all">{p.path}</td>
            <td className="pr-2">{p.liveStatus}</td>
            <td className="pr-2">{p.stagedStatus}</td>
            <td>{p.problems.join('; ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Asks before a switch (as running the release command would): nothing is sent before the
 * confirmation; it closes only once the server switched, and a refusal stays in it in the server's words.
 */
function ConfirmSwitch({
  title,
  description,
  confirm,
  url,
  body,
  successTitle,
  onClose,
  children,
}: {
  title: string;
  description: string;
  confirm: { label: string; pending: string; refused: string };
  url: string;
  body: () => object;
  successTitle: () => string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: (b: object) => adminSend<ReleaseSwitchAnswer>('POST', url, b),
    onSettled: () => client.invalidateQueries({ queryKey: releasesQuery.queryKey }),
  });
  // A promote its preflight refused: the pages that broke, and the owner's way past it.
  const preflight = send.isError ? refusedPreflight(send.error) : undefined;
  const onConfirm = (extra: object = {}) =>
    send.mutate(
      { ...body(), ...extra },
      {
        onSuccess: (answer) => {
          toast({ title: successTitle(), description: answer.message });
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !send.isPending && onClose()}
      title={title}
      description={description}
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        {children}
        {send.isError ? (
          <div
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
          >
            {confirm.refused}: {errorMessage(send.error)}
            {preflight ? <PreflightPages report={preflight} /> : null}
          </div>
        ) : null}
        {preflight ? (
          <div className="flex justify-end">
            {/* The server lets the owner alone through, and records it in the audit. */}
            <Button
              type="button"
              variant="secondary"
              disabled={send.isPending}
              onClick={() => onConfirm({ force: true })}
            >
              Promote anyway (owner only)
            </Button>
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} autoFocus disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? confirm.pending : confirm.label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** `npm run promote` from the CMS: an empty share promotes for everyone, 1–99 starts a canary. */
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
  const [percent, setPercent] = useState('');
  const share = percent.trim();
  return (
    <ConfirmSwitch
      title={`Promote ${remote} ${version}?`}
      description="Visitors get this version from their next page load."
      confirm={{ label: 'Promote', pending: 'Promoting...', refused: 'Not promoted' }}
      url={`${AdminRoutes.releases}/${remote}/promote`}
      body={() => ({ version, ...(share ? { percent: Number(share) } : {}) })}
      successTitle={() => (share && share !== '100' ? 'Canary started' : 'Promoted')}
      onClose={onClose}
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
    </ConfirmSwitch>
  );
}

/** `npm run rollback` from the CMS: ends a running canary, else back to the release before the live one. */
function RollbackDialog({ releases: r, onClose }: { releases: RemoteReleases; onClose: () => void }) {
  const canary = r.canary;
  const target = rollbackTargetOf(r);
  return (
    <ConfirmSwitch
      title={
        canary
          ? `End the canary of ${r.remote} ${canary.version}?`
          : `Roll back ${r.remote}${target ? ` to ${target}` : ''}?`
      }
      description={
        canary
          ? `Everyone gets ${r.live ?? 'the live version'} again from their next page load.`
          : `Visitors get ${target ?? `the release before ${r.live ?? 'the live one'}`} from their next page load.`
      }
      confirm={
        canary
          ? { label: 'End canary', pending: 'Ending...', refused: 'Not ended' }
          : { label: 'Roll back', pending: 'Rolling back...', refused: 'Not rolled back' }
      }
      url={`${AdminRoutes.releases}/${r.remote}/rollback`}
      body={() => ({})}
      successTitle={() => (canary ? 'Canary ended' : 'Rolled back')}
      onClose={onClose}
    />
  );
}
