import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes } from '@agency/contracts';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { formatDateTime } from '../shared/publishing';
import { ReleasesTab } from './releases-tab';

const LIVE = '1.0.0-live01';
const STAGED = '1.1.0-staged01';
const PROMOTE = `POST ${AdminRoutes.releases}/mf-content/promote`;

const content = (live: string, staged: string[]) => ({
  remote: 'mf-content',
  live,
  canary: null,
  staged: staged.map((version) => ({ version })),
  history: [{ version: live, current: true, action: 'release', gitCommit: 'abc123', unknownField: 1 }],
});
const listing = (live: string, staged: string[]) => [
  {
    remote: 'mf-marketing',
    live: '2.0.0-m',
    canary: { version: '2.1.0-m', percent: 10 },
    staged: [],
    history: [],
  },
  content(live, staged),
  // A newer server's remote without the fields this screen knows, and an item without a name.
  { remote: 'mf-contact' },
  { live: 'x' },
];

// Regions are named by their section ('Content') and code name ('mf-content').
const region = (name: string) => screen.getByRole('region', { name: new RegExp(`${name}$`) });

describe('Releases tab', () => {
  it('shows live, canary, staged and history per remote, tolerantly; Preview opens the remote’s page', async () => {
    fakeApi({ [AdminRoutes.releases]: ok(listing(LIVE, [STAGED])) });
    renderScreen(<ReleasesTab />, { path: '/cms' });

    const marketing = await screen.findByRole('region', { name: 'Marketing pages mf-marketing' });
    expect(marketing.textContent).toContain('2.1.0-m for 10% of visitors');
    expect(region('mf-contact').textContent).toContain(
      'mf-contact has no releases: it serves its local build.',
    );
    // Issue 25 item 10: the names people use, the code name beside them.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Marketing pages mf-marketing',
      'Content mf-content',
      'Contact mf-contact',
    ]);

    const staged = within(region('mf-content')).getByRole('list', { name: 'Staged' });
    expect(
      within(staged)
        .getByRole('link', { name: `Preview mf-content ${STAGED} (opens in a new tab)` })
        .getAttribute('href'),
    ).toBe(`/case-studies?remotes=mf-content@${STAGED}`);
    const history = within(region('mf-content')).getByRole('list', { name: 'History' });
    expect(history.textContent).toContain(`${LIVE} Live`);
    expect(history.textContent).toContain('Released · commit abc123');
    // The live version has Preview but nothing to promote.
    expect(within(history).queryByRole('button', { name: /Promote/ })).toBeNull();
  });

  it('Promote asks first; a refusal stays in the dialog with the server’s words and the input kept', async () => {
    const api = fakeApi({
      [AdminRoutes.releases]: ok(listing(LIVE, [STAGED])),
      [PROMOTE]: { status: 409, body: { message: `mf-content ${STAGED} cannot be promoted now.` } },
    });
    renderScreen(<ReleasesTab />, { path: '/cms' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Promote mf-content ${STAGED}` }));
    const dialog = screen.getByRole('dialog', { name: `Promote mf-content ${STAGED}?` });
    // Nothing is sent before the confirmation.
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Share of visitors, % (optional)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      `Not promoted: mf-content ${STAGED} cannot be promoted now.`,
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('Share of visitors, % (optional)').value).toBe(
      '10',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      {
        url: `${AdminRoutes.releases}/mf-content/promote`,
        method: 'POST',
        body: { version: STAGED, percent: 10 },
      },
    ]);
  });

  it('a preflight refusal shows the pages that broke; Promote anyway sends force (issue 40)', async () => {
    const preflight = {
      remote: 'mf-content',
      version: STAGED,
      live: LIVE,
      passed: false,
      checked: 22,
      failed: 1,
      ms: 1200,
      pages: [
        { path: '/blog', route: 'blog', liveStatus: 200, stagedStatus: 200, problems: [] },
        {
          path: '/blog/paid-media',
          route: 'blog-post',
          liveStatus: 200,
          stagedStatus: 200,
          problems: ["render threw: Cannot read properties of undefined (reading 'name')"],
        },
      ],
    };
    const api = fakeApi({
      [AdminRoutes.releases]: ok(listing(LIVE, [STAGED])),
      [PROMOTE]: (body) =>
        (body as { force?: boolean }).force
          ? ok({
              message: `Promoted mf-content ${STAGED} (was ${LIVE})`,
              releases: content(STAGED, []),
              preflight,
            })
          : {
              status: 409,
              body: {
                code: 'PREFLIGHT_FAILED',
                message: `Preflight failed: 1 of 22 pages of mf-content ${STAGED} render worse than on ${LIVE}. The owner can promote it anyway.`,
                preflight,
              },
            },
    });
    renderScreen(<ReleasesTab />, { path: '/cms' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Promote mf-content ${STAGED}` }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Not promoted: Preflight failed: 1 of 22 pages');
    const rows = within(within(alert).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'PageLiveStagedProblem',
      "/blog/paid-media200200render threw: Cannot read properties of undefined (reading 'name')",
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Promote anyway (owner only)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { version: STAGED },
      { version: STAGED, force: true },
    ]);
  });

  it('says why the last canary ended by itself', async () => {
    const at = '2026-11-28T18:00:00.000Z';
    const reason = 'Canary ended automatically: 12 failures per 1,000 views vs 0 on the live version';
    fakeApi({
      [AdminRoutes.releases]: ok(
        listing(LIVE, []).map((r, i) =>
          i === 1 ? { ...r, canaryEnded: { version: STAGED, reason, at } } : r,
        ),
      ),
    });
    renderScreen(<ReleasesTab />, { path: '/cms' });
    await screen.findByRole('region', { name: 'Content mf-content' });
    expect(region('mf-content').textContent).toContain(
      `Last canary${STAGED}: ${reason} (${formatDateTime(at)})`,
    );
  });

  it('after the server switched, the dialog closes and the tab shows the version live', async () => {
    let live = LIVE;
    fakeApi({
      [AdminRoutes.releases]: () => ok(listing(live, live === LIVE ? [STAGED] : [])),
      [PROMOTE]: () => {
        live = STAGED;
        return ok({ message: `Promoted mf-content ${STAGED} (was ${LIVE})`, releases: content(STAGED, []) });
      },
    });
    renderScreen(<ReleasesTab />, { path: '/cms' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Promote mf-content ${STAGED}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Promote' }));

    expect(await within(region('mf-content')).findByText('No staged versions.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(region('mf-content')).getByRole('list', { name: 'History' }).textContent).toContain(
      `${STAGED} Live`,
    );
  });

  it('End canary asks first, then rolls back as `npm run rollback`; a first release can go back to the local build, a local build has no button', async () => {
    let canary: { version: string; percent: number } | null = { version: '2.1.0-m', percent: 10 };
    const api = fakeApi({
      [AdminRoutes.releases]: () => ok(listing(LIVE, []).map((r, i) => (i === 0 ? { ...r, canary } : r))),
      [`POST ${AdminRoutes.releases}/mf-marketing/rollback`]: () => {
        canary = null;
        return ok({ message: 'Ended the canary of mf-marketing 2.1.0-m: everyone is on 2.0.0-m' });
      },
    });
    renderScreen(<ReleasesTab />, { path: '/cms' });
    const user = userEvent.setup();
    const end = await screen.findByRole('button', { name: 'End the canary of mf-marketing' });
    // mf-content has its first release: a rollback goes back to its local build (issue 41 defect 3).
    expect(within(region('mf-content')).getByRole('button', { name: 'Roll back mf-content' })).toBeTruthy();
    // mf-contact serves its local build: nothing to go back to.
    expect(
      within(region('mf-contact')).queryByRole('button', { name: /Roll back|End the canary/ }),
    ).toBeNull();
    await user.click(end);
    const dialog = screen.getByRole('dialog', { name: 'End the canary of mf-marketing 2.1.0-m?' });
    await user.click(within(dialog).getByRole('button', { name: 'End canary' }));

    await waitFor(() => expect(region('mf-marketing').textContent).not.toContain('of visitors'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      { url: `${AdminRoutes.releases}/mf-marketing/rollback`, method: 'POST', body: {} },
    ]);
  });

  it('labels the version a rollback moved away from as rolled back', async () => {
    const history = [
      { version: '1.0.0', current: true, action: 'rollback', switchedAt: '2026-03-02T10:00:00.000Z' },
      { version: '1.1.0', current: false, action: 'promote', switchedAt: '2026-03-01T10:00:00.000Z' },
      { version: '1.0.0', current: false, action: 'release', switchedAt: '2026-02-01T10:00:00.000Z' },
    ];
    fakeApi({
      [AdminRoutes.releases]: ok([
        { remote: 'mf-content', live: '1.0.0', canary: null, staged: [], history },
      ]),
    });
    renderScreen(<ReleasesTab />, { path: '/cms' });
    const list = within(await screen.findByRole('region', { name: 'Content mf-content' })).getByRole('list', {
      name: 'History',
    });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Rolled back to');
    expect(within(rows[0]!).queryByText('Rolled back')).toBeNull();
    expect(within(rows[1]!).getByText('Rolled back')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Promoted');
    expect(rows[2]!.textContent).not.toContain('Rolled back');
  });

  it('tells people which section each version is, when it was built, what changed and which was rolled back', async () => {
    // Dates as every CMS list shows them: the spec's date form, with the time in the viewer's zone.
    const built = formatDateTime;
    expect(built('2026-03-03T09:00:00.000Z')).toBe('March 3, 2026 at 9:00 AM UTC');
    fakeApi({
      [AdminRoutes.releases]: ok([
        {
          // The disk store: no switch log; the version the rollback moved away from is stored, not live.
          remote: 'mf-cms',
          live: '1.0.0-a',
          canary: null,
          rolledBack: '1.1.0-b',
          staged: [
            { version: '1.2.0-c', storedAt: '2026-03-03T09:00:00.000Z', subject: 'Leads: export as CSV' },
            { version: '1.1.0-b', storedAt: '2026-03-02T09:00:00.000Z', subject: 'Leads: new table' },
          ],
          history: [
            {
              version: '1.0.0-a',
              current: true,
              builtAt: '2026-03-01T09:00:00.000Z',
              subject: 'Dashboard: show drafts',
            },
          ],
        },
      ]),
    });
    renderScreen(<ReleasesTab />, { path: '/cms' });
    const cms = await screen.findByRole('region', { name: 'CMS mf-cms' });
    expect(within(cms).getByRole('heading', { level: 3 }).textContent).toBe('CMS mf-cms');

    const [newer, rolledBack] = within(within(cms).getByRole('list', { name: 'Staged' })).getAllByRole(
      'listitem',
    );
    expect(within(newer!).getByText('Leads: export as CSV')).toBeTruthy();
    expect(newer!.textContent).toContain(`built ${built('2026-03-03T09:00:00.000Z')}, never live`);
    expect(within(newer!).queryByText('Rolled back')).toBeNull();
    expect(within(rolledBack!).getByText('Rolled back')).toBeTruthy();
    expect(within(rolledBack!).getByText('Leads: new table')).toBeTruthy();
    expect(rolledBack!.textContent).not.toContain('never live');
    // Rolled back from, and still there to promote again.
    expect(within(rolledBack!).getByRole('button', { name: 'Promote mf-cms 1.1.0-b' })).toBeTruthy();

    const [live] = within(within(cms).getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(within(live!).getByText('Dashboard: show drafts')).toBeTruthy();
    expect(live!.textContent).toContain(`built ${built('2026-03-01T09:00:00.000Z')}`);
    expect(live!.textContent).toContain('Live');
  });

  it('Roll back names the release it goes back to, or the local build for the first release (issue 41 defect 12)', async () => {
    const history = [
      { version: '1.2.0', current: true, action: 'promote', subject: 'Hero: new photo' },
      { version: '1.1.0', current: false, action: 'release', subject: 'Footer: phone number' },
      { version: '1.0.0', current: false, action: 'release' },
    ];
    fakeApi({
      [AdminRoutes.releases]: ok([
        { remote: 'mf-content', live: '1.2.0', canary: null, staged: [], history },
        {
          remote: 'mf-contact',
          live: '3.0.0',
          canary: null,
          staged: [],
          history: [{ version: '3.0.0', current: true, action: 'release' }],
        },
      ]),
    });
    renderScreen(<ReleasesTab />, { path: '/cms' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Roll back mf-content' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back mf-content to 1.1.0 (Footer: phone number)?' });
    expect(
      within(dialog).getByText('Visitors get 1.1.0 (Footer: phone number) from their next page load.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Roll back mf-contact' }));
    expect(screen.getByRole('dialog', { name: 'Roll back mf-contact to its local build?' })).toBeTruthy();
  });
});
