import {
  CLIENT_ERRORS_PATH,
  CLIENT_ERROR_MESSAGE_MAX,
  type ClientErrorKind,
  type ClientErrorReport,
} from '@agency/contracts/client-error-values';
import {
  REMOTE_FOLDERS,
  REMOTE_NAMES,
  type RemoteName,
  type RemotesManifest,
} from '@agency/contracts/routes';

/** A page that keeps failing sends at most this many reports (each distinct error once). */
const MAX_REPORTS_PER_PAGE = 10;

let entries: Partial<Record<RemoteName, string>> = {};
const sent = new Set<string>();

/**
 * The version of a remote as this page loaded it: the release folder of its entry
 * (`/releases/<folder>/<version>/remoteEntry.js`), or `local` for a locally built one.
 */
export function versionFromEntry(entry: string | undefined): string {
  const m = entry && /\/([A-Za-z0-9][\w.+-]{0,63})\/remoteEntry\.js(?:[?#].*)?$/.exec(entry);
  return m && !entry.includes('/remotes/') ? m[1]! : 'local';
}

/** The remote whose code a stack trace or script URL points into, if any. */
export function remoteOfSource(source: string | undefined): RemoteName | undefined {
  if (!source) return undefined;
  return REMOTE_NAMES.find((name) => {
    const folder = REMOTE_FOLDERS[name];
    return source.includes(`/remotes/${folder}/`) || source.includes(`/releases/${folder}/`);
  });
}

/** The shell tells which entry of each remote this page uses (its runtime manifest). */
export function configureErrorReporting(manifest: RemotesManifest) {
  entries = Object.fromEntries(REMOTE_NAMES.map((n) => [n, manifest.remotes[n]?.entry]));
}

/**
 * Sends one report to the API (POST /api/client-errors): the remote, its version, the route (path
 * only, never the query) and the error's message. Best effort: never throws, never retries, and a
 * page sends each distinct error once.
 */
export function reportClientError(remote: RemoteName, kind: ClientErrorKind, error: unknown) {
  if (typeof window === 'undefined') return;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, CLIENT_ERROR_MESSAGE_MAX);
  const key = `${remote}|${kind}|${message}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
  sent.add(key);
  const report: ClientErrorReport = {
    remote,
    version: versionFromEntry(entries[remote]),
    route: window.location.pathname.slice(0, 200),
    kind,
    message,
  };
  try {
    void fetch(CLIENT_ERRORS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => {});
  } catch {
    /* reporting must never become an error of its own */
  }
}

/**
 * Errors nobody caught (an unhandled rejection or a thrown error in an event handler) are reported
 * when their stack points into a remote's code; the shell's own are left to the console.
 */
export function reportUncaughtRemoteErrors() {
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    const remote = remoteOfSource(reason instanceof Error ? reason.stack : undefined);
    if (remote) reportClientError(remote, 'unhandled', reason);
  });
  window.addEventListener('error', (event) => {
    const error: unknown = event.error;
    const remote =
      remoteOfSource(event.filename) ?? remoteOfSource(error instanceof Error ? error.stack : undefined);
    if (remote) reportClientError(remote, 'unhandled', error ?? event.message);
  });
}
