import { expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where the release scripts and the remotes' sources are. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The release store of the seeded e2e server (playwright.config.ts). */
export const releasesDir = () => process.env.E2E_RELEASES_DIR!;

/** Runs one of scripts/*.mjs against the e2e release store; its exit status and all it printed. */
export function runScript(script: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, RELEASES_DIR: releasesDir() },
    encoding: 'utf8',
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/** Forgets mf-contact's releases so the other specs see the locally built remote again. */
export function clearReleases() {
  rmSync(path.join(releasesDir(), 'release-state.json'), { force: true });
}

/** The contact page's eyebrow ("Contact"), the text the release specs change to tell versions apart. */
const EYEBROW = 'tracking-wider text-brand-300">Contact<';

/**
 * Runs `release.mjs mf-contact …args` with the contact page's eyebrow reading `Contact <label>`
 * (the sources are restored afterwards, whatever happens); answers the script's result.
 */
export function releaseContactWith(label: string, ...args: string[]) {
  return releaseWithEdits(
    'mf-contact',
    {
      'src/pages/contact-page.tsx': (original) => {
        expect(original).toContain(EYEBROW);
        return original.replace(EYEBROW, () => `tracking-wider text-brand-300">Contact ${label}<`);
      },
    },
    ...args,
  );
}

/** Stages mf-contact with the eyebrow `Contact <label>` and answers the staged version. */
export function stageContactWith(label: string): string {
  const staged = releaseContactWith(label, '--staged');
  expect(staged.status, staged.output).toBe(0);
  const version = /Staged mf-contact (\S+) \(not live/.exec(staged.output)?.[1];
  expect(version, staged.output).toBeTruthy();
  return version!;
}

/**
 * Runs `release.mjs <folder> …args` with the remote's sources changed as `edits` say (a path under the
 * remote's folder → its new text from the old one, '' when it is new); everything is restored
 * afterwards, whatever happens. Answers the script's result.
 */
export function releaseWithEdits(
  folder: string,
  edits: Record<string, (old: string) => string>,
  ...args: string[]
) {
  const originals = new Map<string, string | undefined>();
  try {
    for (const [rel, edit] of Object.entries(edits)) {
      const file = path.join(ROOT, folder, rel);
      const old = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      originals.set(file, old);
      writeFileSync(file, edit(old ?? ''));
    }
    return runScript('release.mjs', folder, ...args);
  } finally {
    for (const [file, old] of originals) {
      if (old === undefined) rmSync(file, { force: true });
      else writeFileSync(file, old);
    }
  }
}

/** Where a remote's pages are declared, and the line each list starts with. */
const PAGES_TS = 'src/pages.ts';
const PAGES_START = 'export const pages: RemotePage[] = [';
const addPage = (entry: string) => (old: string) => {
  expect(old).toContain(PAGES_START);
  return old.replace(PAGES_START, () => `${PAGES_START}\n${entry},`);
};

export const CAREERS_HEADING = 'Careers at Distilled Digital';

/**
 * Releases mf-marketing with a /careers page added the way a team adds one (docs/teams.md): a module
 * in src/exposes/ and an entry in src/pages.ts, nothing in any other workspace.
 */
export function releaseMarketingWithCareers(...args: string[]) {
  return releaseWithEdits(
    'mf-marketing',
    {
      'src/exposes/careers-page.tsx': () => `import '../styles.css';

export default function CareersPage() {
  return (
    <section className="py-24">
      <div className="mx-auto max-w-3xl px-4">
        <h1 className="text-4xl font-bold text-ink-900">${CAREERS_HEADING}</h1>
        <p className="mt-4 text-lg text-slate-600">Senior marketers who like data: see what we are hiring for.</p>
      </div>
    </section>
  );
}
`,
      [PAGES_TS]: addPage(`  {
    id: 'careers',
    label: 'Careers',
    path: '/careers',
    module: 'CareersPage',
    kind: 'static',
    layout: 'site',
    head: { title: 'Careers', description: 'Join a senior, data-driven marketing team.' },
    inSitemap: true,
    nav: { footer: 6 },
  }`),
    },
    ...args,
  );
}

/** Releases mf-contact with a page at /blog/:slug, an address mf-content serves. */
export function releaseContactClaimingBlog(...args: string[]) {
  return releaseWithEdits(
    'mf-contact',
    {
      [PAGES_TS]: addPage(
        `  { id: 'contact-blog', path: '/blog/:slug', module: 'ContactPage', kind: 'static', layout: 'site' }`,
      ),
    },
    ...args,
  );
}
