import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { clearReleases, releaseWithEdits, runScript } from '../support/releases';
import { signIn, staffApi, tab } from '../support/cms';

/**
 * Issue 40 items 3 and 4 against the built site: a staged release is checked page by page before it
 * goes out (the CMS's Releases tab shows what broke), and a canary whose page fails ends by itself.
 */

/** A published seeded post no other spec changes: the staged mf-content breaks on this one alone. */
const BROKEN_SLUG = 'topical-authority-content-clusters';
const BROKEN_TITLE = 'Topical Authority: Planning Content Clusters That Rank';

/** Releases `folder` as its sources are (the live version the staged one is compared with). */
function releaseAsIs(folder: string) {
  const live = runScript('release.mjs', folder);
  expect(live.status, live.output).toBe(0);
  const version = new RegExp(`Released ${folder} (\\S+)|${folder} (\\S+) is already the current`).exec(
    live.output,
  );
  expect(version, live.output).toBeTruthy();
  return (version![1] ?? version![2])!;
}

/** Stages `folder` with `edits` (releaseWithEdits) and answers the staged version. */
function stageWith(folder: string, edits: Parameters<typeof releaseWithEdits>[1]) {
  const staged = releaseWithEdits(folder, edits, '--staged');
  expect(staged.status, staged.output).toBe(0);
  const version = new RegExp(`Staged ${folder} (\\S+) \\(not live`).exec(staged.output)?.[1];
  expect(version, staged.output).toBeTruthy();
  return version!;
}

/** What the Releases API says of one remote. */
async function releasesOf(staff: APIRequestContext, remote: string) {
  const res = await staff.get('/api/admin/releases');
  expect(res.ok(), `releases answered ${res.status()}`).toBe(true);
  return (
    (await res.json()) as { remote: string; live: string | null; canary: unknown; canaryEnded?: unknown }[]
  ).find((r) => r.remote === remote)!;
}

test.describe('a team’s release, checked before and while it goes out', () => {
  test.describe.configure({ timeout: 300_000 });
  test.afterAll(clearReleases);

  test('a staged release whose page throws for one published post is refused by the preflight, the post named; the owner may promote anyway', async ({
    page,
    baseURL,
  }) => {
    const live = releaseAsIs('mf-content');
    // The blog post page of the staged version throws for one post, on the server and in the browser.
    const version = stageWith('mf-content', {
      'src/exposes/blog-post-page.tsx': (original) => {
        // The default export only: the file's server data loader (prefetch) stays as it is.
        const page = "export { BlogPostPage as default } from '../blog/components/blog-post-page';";
        expect(original).toContain(page);
        return original.replace(
          page,
          () => `import { useParams } from '@agency/ui/router';
import { BlogPostPage } from '../blog/components/blog-post-page';

export default function BrokenForOnePost() {
  if (useParams()['slug'] === '${BROKEN_SLUG}') throw new Error('e2e: this post breaks the page');
  return <BlogPostPage />;
}`,
        );
      },
    });

    await signIn(page);
    await tab(page, 'Releases').click();
    const card = page.getByRole('region', { name: 'mf-content' });
    const staged = card
      .getByRole('list', { name: 'Staged' })
      .getByRole('listitem')
      .filter({ hasText: version });
    await staged.getByRole('button', { name: `Promote mf-content ${version}` }).click();
    const dialog = page.getByRole('dialog', { name: `Promote mf-content ${version}?` });
    await dialog.getByRole('button', { name: 'Promote', exact: true }).click();

    // Refused: the report names the one page that got worse, and what broke there.
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toContainText(
      new RegExp(
        `^Not promoted: Preflight failed: \\d+ of \\d+ pages of mf-content ${version} render worse than on ${live}`,
      ),
      { timeout: 60_000 },
    );
    const rows = refusal.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: `/blog/${BROKEN_SLUG}` })).toContainText(
      'e2e: this post breaks the page',
    );
    // Any other row is a page that took longer than the render budget on a loaded machine (on the
    // staged version, or on the live one: then its status 504 changed), never another breakage.
    const others = rows
      .filter({ hasNotText: `/blog/${BROKEN_SLUG}` })
      .filter({ hasNot: page.getByRole('columnheader') });
    for (const other of await others.allInnerTexts()) expect(other).toMatch(/no page within|from 504 to/);
    // Nothing switched: a visitor still gets the live version, the post as it was.
    const visitor = await request.newContext({ baseURL });
    const post = await visitor.get(`/blog/${BROKEN_SLUG}`);
    expect(post.status()).toBe(200);
    const html = await post.text();
    expect(html).toContain(BROKEN_TITLE);
    expect(html).toContain(`/releases/mf-content/${live}/remoteEntry.js`);

    // The owner's way past it: promoted, and the tab shows it live.
    await dialog.getByRole('button', { name: 'Promote anyway (owner only)' }).click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    await expect(card.locator('dd').first()).toHaveText(version);
    const back = runScript('rollback.mjs', 'mf-content');
    expect(back.status, back.output).toBe(0);
    await visitor.dispose();
  });

  test('a canary whose page fails ends by itself: visitors are back on the live version and the Releases tab says why', async ({
    page,
    baseURL,
  }) => {
    const staff = await staffApi(baseURL);
    // Settings: end a canary 10 failures per 1,000 views past the live version, once it has 10 views.
    const settingsRes = await staff.get('/api/admin/site-settings');
    expect(settingsRes.ok()).toBe(true);
    const settings = Object.fromEntries(
      ((await settingsRes.json()) as { key: string; value: unknown }[]).map((e) => [e.key, e.value]),
    );
    const save = async (values: Record<string, unknown>) =>
      expect((await staff.put('/api/admin/site-settings', { data: values })).ok()).toBe(true);
    await save({ ...settings, canaryMaxFailuresPerThousand: 10, canaryMinViews: 10 });
    try {
      const live = releaseAsIs('mf-contact');
      const version = stageWith('mf-contact', {
        'src/pages/contact-page.tsx': (original) => {
          expect(original).toContain('export function ContactPage() {');
          return original.replace(
            'export function ContactPage() {',
            () =>
              "export function ContactPage() {\n  if (Date.now() > 0) throw new Error('e2e: the contact page breaks');",
          );
        },
      });
      const canary = runScript('promote.mjs', 'mf-contact', version, '--percent', '50');
      expect(canary.status, canary.output).toBe(0);

      // Visitors in the canary (ticket 0) and out of it (ticket 99) load the page until the guard,
      // which looks every 10 s, has seen enough and ends the canary.
      const inCanary = await request.newContext({
        baseURL,
        extraHTTPHeaders: { cookie: `canary=mf-contact@${version}:0` },
      });
      const outside = await request.newContext({
        baseURL,
        extraHTTPHeaders: { cookie: `canary=mf-contact@${version}:99` },
      });
      await expect
        .poll(
          async () => {
            for (let i = 0; i < 5; i++) {
              await inCanary.get('/contact');
              await outside.get('/contact');
            }
            return (await releasesOf(staff, 'mf-contact')).canary;
          },
          { timeout: 120_000, intervals: [1_000] },
        )
        .toBeNull();
      const ended = await releasesOf(staff, 'mf-contact');
      expect(ended).toMatchObject({ live, canaryEnded: { version } });

      // A visitor who was in the canary gets the live version again.
      const again = await inCanary.get('/contact');
      expect(again.status()).toBe(200);
      expect(await again.text()).toContain(`/releases/mf-contact/${live}/remoteEntry.js`);

      // The Releases tab says why it ended.
      await signIn(page);
      await tab(page, 'Releases').click();
      const card = page.getByRole('region', { name: 'mf-contact' });
      await expect(card).toContainText(
        new RegExp(
          `Last canary\\s*${version.replace(/\./g, '\\.')}: Canary ended automatically: [\\d,.]+ failures per 1,000 views vs [\\d,.]+ on the live version`,
        ),
      );
      await expect(card.getByText('Canary', { exact: true })).toHaveCount(0);
      await inCanary.dispose();
      await outside.dispose();
    } finally {
      await save(settings);
      await staff.dispose();
    }
  });
});
