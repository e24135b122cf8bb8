import type { PreflightReport, RemoteName } from '@agency/contracts';

/**
 * The preflight of a release (site/preflight.ts renders every page of the remote with the stored
 * version and the live one), as the release switches reach it: the site is above releases and the CMS
 * (admin/), so app.ts puts the site's preflight in the AppContext the CMS's routes receive.
 */
export type Preflight = (remote: RemoteName, version: string) => Promise<PreflightReport>;

const pages = (n: number) => `${n} page${n === 1 ? '' : 's'}`;

/** The report's verdict in one line, as the CMS and `npm run promote` print it. */
export function preflightSummary(r: PreflightReport): string {
  const what = `${r.remote} ${r.version}`;
  const live = r.live ?? 'the local build';
  return r.passed
    ? `Preflight passed: ${pages(r.checked)} of ${what} render as on ${live} (${r.ms} ms)`
    : `Preflight failed: ${r.failed} of ${pages(r.checked)} of ${what} render worse than on ${live}`;
}

/** One line per failing page: `  /blog/x  live 200, staged 200: render threw: …`. */
export function preflightLines(r: PreflightReport): string[] {
  return r.pages
    .filter((p) => p.problems.length)
    .map((p) => `  ${p.path}  live ${p.liveStatus}, staged ${p.stagedStatus}: ${p.problems.join('; ')}`);
}

/** What the audit row of a switch past a failed preflight adds (the failing paths, as many as fit). */
export function overrideSummary(r: PreflightReport): string {
  const failing = r.pages.filter((p) => p.problems.length).map((p) => p.path);
  return `forced past a failed preflight (${r.failed} of ${pages(r.checked)}: ${failing.join(', ')})`;
}
