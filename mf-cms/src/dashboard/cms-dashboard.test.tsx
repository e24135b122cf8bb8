import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes, NotificationRoutes, OVERVIEW_PATH } from '@agency/contracts';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen, serverError, type FakeRoute } from '@agency/ui/testing';
import { CmsDashboard } from './cms-dashboard';
import { useToastStore } from '@agency/ui/toast';

const page = (id: number, published: boolean) => ({
  id,
  name: `Page ${id}`,
  slug: `page-${id}`,
  title: `Page ${id}`,
  metaTitle: '',
  metaDescription: '',
  content: {},
  published,
  template: 'default',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderDashboard(api: Record<string, FakeRoute>, publicUrlWarning?: string) {
  fakeApi(api);
  renderScreen(
    <TooltipProvider>
      <CmsDashboard
        session={{
          authenticated: true,
          passwordFromEnvironment: false,
          ...(publicUrlWarning ? { publicUrlWarning } : {}),
        }}
      />
    </TooltipProvider>,
    { path: '/cms' },
  );
}

/** The number and detail line under a counter's label. */
const counter = (label: string) =>
  screen.getAllByText(label).find((el) => el.tagName === 'P')!.parentElement!.textContent;

describe('CMS dashboard', () => {
  it('Overview counts pages (published), services (active), content blocks and site settings', async () => {
    renderDashboard({
      [AdminRoutes.pages]: ok([page(1, true), page(2, false), page(3, true)]),
      [AdminRoutes.services]: ok([
        { id: 1, published: true },
        { id: 2, published: false },
      ]),
      [AdminRoutes.contentBlocks]: ok([{ id: 1 }]),
      [AdminRoutes.siteSettings]: ok([{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }]),
    });
    await screen.findByText('2 published');
    expect(counter('Total Pages')).toBe('Total Pages32 published');
    expect(counter('Services')).toBe('Services21 active');
    expect(counter('Content Blocks')).toBe('Content Blocks1');
    expect(counter('Site Settings')).toBe('Site Settings4');
  });

  it("Overview shows the server's PUBLIC_URL warning when the session carries one, and nothing otherwise", async () => {
    const warning =
      'PUBLIC_URL is not set: links in pages, the sitemap, robots.txt and the RSS feed point at http://localhost:3000, ' +
      "which visitors and search engines cannot reach. Set PUBLIC_URL to the site's public address " +
      '(for example PUBLIC_URL=https://www.example.com) and restart the server.';
    renderDashboard({}, warning);
    expect(screen.getByRole('alert').textContent).toBe(warning);
  });

  it("Overview shows the week's new leads by kind and says when notifications keep failing", async () => {
    renderDashboard({
      [AdminRoutes.leadsSummary]: ok({
        since: '2026-11-21T00:00:00.000Z',
        contacts: 3,
        resources: 1,
        newsletter: 0,
      }),
      [NotificationRoutes.status]: ok({
        mailConfigured: true,
        message: null,
        queued: 0,
        retrying: 0,
        failed: 2,
      }),
    });
    const card = (await screen.findByRole('heading', { name: 'Leads this week' })).parentElement!;
    await within(card).findByText(/3 contact requests, 1 download lead, 0 confirmed subscribers/);
    expect(card.textContent).toContain('4 new');
    expect((await within(card).findByRole('alert')).textContent).toContain(
      '2 notifications failed to reach people',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Open Leads to resend' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Leads' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it("Overview lists what goes live soon and the team's recent edits, each opening its editor", async () => {
    renderDashboard({
      [OVERVIEW_PATH]: ok({
        scheduled: [
          { type: 'blog-posts', id: 7, title: 'Launch week', at: '2026-12-01T09:00:00.000Z' },
          { type: 'podcasts', id: 1, title: 'A type this CMS does not know', at: '2026-12-02T09:00:00.000Z' },
          { type: 'services', id: 3, title: 'SEO Audits', at: '2026-12-03T09:00:00.000Z', what: 'changes' },
          {
            type: 'pages',
            id: 4,
            title: 'Winter offer',
            at: '2026-12-04T09:00:00.000Z',
            what: 'unpublishes',
          },
        ],
        recentEdits: [
          {
            type: 'services',
            id: 3,
            title: 'SEO Audits',
            at: '2026-11-28T10:15:00.000Z',
            by: 'Eddie Editor',
            kind: 'update',
          },
          {
            type: 'blog-posts',
            id: 7,
            title: 'Launch week',
            at: '2026-11-28T09:00:00.000Z',
            by: 'Owner',
            kind: 'create',
          },
        ],
      }),
    });
    const coming = (await screen.findByRole('heading', { name: 'Coming up' })).parentElement!;
    expect(
      within(coming)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Launch week \(blog post\) goes live December 1, 2026 at 9:00 AM/),
      expect.stringMatching(/^SEO Audits \(service\) gets its scheduled changes December 3, 2026/),
      expect.stringMatching(/^Winter offer \(page\) unpublishes December 4, 2026/),
    ]);
    const edits = screen.getByRole('heading', { name: 'Recent edits' }).parentElement!;
    expect(
      within(edits)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Eddie Editor edited SEO Audits \(service\), November 28, 2026 at 10:15 AM/),
      expect.stringMatching(/^Owner created Launch week \(blog post\), November 28, 2026 at 9:00 AM/),
    ]);
    const link = within(edits).getByRole('link', { name: 'SEO Audits' });
    expect(link.getAttribute('href')).toBe('/cms?tab=services&item=3');
    await userEvent.click(link);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Services' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('Overview says when nothing is scheduled or saved yet', async () => {
    renderDashboard({ [OVERVIEW_PATH]: ok({ scheduled: [], recentEdits: [] }) });
    expect(await screen.findByText('Nothing is scheduled to go live.')).toBeTruthy();
    expect(screen.getByText('No content has been saved yet.')).toBeTruthy();
  });

  it('Overview shows no warning when PUBLIC_URL is set', () => {
    renderDashboard({});
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the tabs, View Site and Logout', async () => {
    renderDashboard({});
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    for (const tab of ['Pages', 'Content Blocks', 'Services', 'Blog', 'Media', 'Settings']) {
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    }
    const viewSite = screen.getByRole('link', { name: /View Site/ });
    expect(viewSite.getAttribute('href')).toBe('/');
    expect(viewSite.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('puts its toasts at the bottom left, clear of its header, tabs, list actions and Save buttons', () => {
    renderDashboard({});
    expect(useToastStore.getState().placement).toBe('bottom-left');
  });

  it("Logout forgets the drafts of the account signing out (and unowned ones), not a colleague's or anything else", async () => {
    const draft = JSON.stringify({ values: {}, savedAt: 'x' });
    // The session here is the owner's (no personal account).
    localStorage.setItem('cms-draft:owner:/api/admin/pages/new', draft);
    localStorage.setItem('cms-draft:/api/admin/pages/2', draft);
    localStorage.setItem('cms-draft:user:4:/api/admin/pages/new', draft);
    localStorage.setItem('unrelated', 'kept');
    renderDashboard({ [`POST ${AdminRoutes.logout}`]: ok({}) });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem('cms-draft:owner:/api/admin/pages/new')).toBeNull());
    expect(localStorage.getItem('cms-draft:/api/admin/pages/2')).toBeNull();
    expect(localStorage.getItem('cms-draft:user:4:/api/admin/pages/new')).toBe(draft);
    expect(localStorage.getItem('unrelated')).toBe('kept');
    localStorage.clear();
  });

  it('a failed list load leaves empty lists and says so, with Retry', async () => {
    renderDashboard({
      [AdminRoutes.pages]: serverError,
      [AdminRoutes.services]: ok([]),
      [AdminRoutes.contentBlocks]: ok([]),
      [AdminRoutes.siteSettings]: ok([]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Some content could not be loaded. The lists below may be empty.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(counter('Total Pages')).toBe('Total Pages00 published');
  });

  it('the New Page quick action opens the Pages tab with the New Page dialog', async () => {
    renderDashboard({ [AdminRoutes.pages]: ok([]) });
    await userEvent.click(screen.getByRole('button', { name: 'New Page' }));
    expect(await screen.findByRole('dialog', { name: 'New Page' })).toBeTruthy();
    // The open dialog hides the page behind it from assistive technology, hence `hidden`.
    const pagesTab = screen.getByRole('tab', { name: 'Pages', hidden: true });
    expect(pagesTab.getAttribute('aria-selected')).toBe('true');
  });

  it('the tab strip moves with the arrow keys, Home and End, wrapping at the ends', async () => {
    renderDashboard({});
    const tab = (name: string) => screen.getByRole('tab', { name });
    const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');
    act(() => tab('Overview').focus());
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(selected()).toBe(tab('Pages')));
    expect(document.activeElement).toBe(tab('Pages'));
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(selected()).toBe(tab('Settings')));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(selected()).toBe(tab('Overview')));
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(selected()).toBe(tab('Settings')));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(selected()).toBe(tab('Overview')));
    expect(document.activeElement).toBe(tab('Overview'));
    // The selected tab's panel is the one tab panel, named by its tab.
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toBeTruthy();
    expect(tab('Overview').getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
  });

  it('leaving a tab with unsaved changes asks first: Keep editing stays, Leave without saving goes', async () => {
    renderDashboard({ [AdminRoutes.siteSettings]: ok([{ key: 'siteName', value: 'Distilled Digital' }]) });
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    const siteName = await screen.findByLabelText('Site Name');
    await userEvent.clear(siteName);
    await userEvent.type(siteName, 'Unsaved name');

    await userEvent.click(screen.getByRole('tab', { name: 'Pages' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Site Name') as HTMLInputElement).value).toBe('Unsaved name');

    // The keyboard asks too, and the selection does not move until the answer.
    screen.getByRole('tab', { name: 'Settings' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    const fromKeys = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(fromKeys).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Focus comes back to the tab the arrow reached: that neither selects it nor asks again.
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Audit' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.keyboard('{ArrowLeft}');
    const again = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Staff' }).getAttribute('aria-selected')).toBe('true'),
    );
  });
});
