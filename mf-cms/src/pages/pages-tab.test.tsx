import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminRoutes, type AdminPage } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { SITE_SETTINGS_URL } from '@agency/ui';
import { fakeApi, ok, renderScreen, type FakeRoute } from '@agency/ui/testing';
import { PagesTab } from './pages-tab';
import { formatDateTime } from '../shared/publishing';

const PAGE: AdminPage = {
  id: 3,
  name: 'Privacy',
  slug: 'privacy',
  title: 'Privacy Policy',
  metaTitle: '',
  metaDescription: '',
  socialImageUrl: null,
  content: { body: '# Privacy' },
  published: true,
  publishedAt: null,
  template: 'default',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const DRAFT: AdminPage = { ...PAGE, id: 4, name: 'Terms', slug: 'terms', title: 'Terms', published: false };

function renderTab(pages: AdminPage[], { loading = false, api = {} as Record<string, FakeRoute> } = {}) {
  // The social card image field lists the media library.
  // Edit asks for the page itself (its stored version) before it opens.
  const items = Object.fromEntries(pages.map((p) => [`${AdminRoutes.pages}/${p.id}`, ok(p)]));
  const fake = fakeApi({ [AdminRoutes.media]: ok([]), ...items, ...api });
  // As the CMS app mounts it (exposes/cms-app.tsx): inside a TooltipProvider.
  renderScreen(
    <TooltipProvider>
      <PagesTab pages={pages} loading={loading} />
      <Toaster />
    </TooltipProvider>,
  );
  return fake;
}

const openNew = async () => {
  await userEvent.click(screen.getByRole('button', { name: /Add New Page/ }));
  return screen.findByRole('dialog', { name: 'New Page' });
};

describe('CMS Pages tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it("marks a page's pending draft, its scheduled changes and its unpublish date, as the other lists do", () => {
    const goesLive = '2026-12-01T09:00:00.000Z';
    const ends = '2099-01-01T09:00:00.000Z';
    renderTab([
      { ...PAGE, draft: { publishAt: null, authorName: 'Ada', updatedAt: PAGE.updatedAt } } as AdminPage,
      {
        ...DRAFT,
        published: true,
        unpublishAt: ends,
        draft: { publishAt: goesLive, authorName: null, updatedAt: PAGE.updatedAt },
      } as AdminPage,
    ]);
    const rows = within(screen.getByRole('list', { name: 'Pages' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Draft pending')).toBeTruthy();
    expect(within(rows[1]!).getByText(`Changes scheduled for ${formatDateTime(goesLive)}`)).toBeTruthy();
    expect(within(rows[1]!).getByText(`Unpublishes ${formatDateTime(ends)}`)).toBeTruthy();
  });

  it('no pages: says so and offers Add New Page', () => {
    renderTab([]);
    expect(screen.getByText('No pages yet. Add the first one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add New Page/ })).toBeTruthy();
  });

  it('search, status filter and sort narrow and order the listed pages in place', async () => {
    const SCHEDULED: AdminPage = {
      ...PAGE,
      id: 5,
      name: 'Launch',
      slug: 'launch',
      title: 'Launch Week',
      publishedAt: '2999-01-01T09:00:00.000Z',
      updatedAt: '2026-01-05T00:00:00.000Z',
    };
    renderTab([{ ...DRAFT, updatedAt: '2026-01-03T00:00:00.000Z' }, PAGE, SCHEDULED]);
    const titles = () =>
      within(screen.getByRole('list', { name: 'Pages' }))
        .queryAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(titles()).toEqual(['Terms', 'Privacy Policy', 'Launch Week']);

    const search = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, 'PRIV');
    expect(titles()).toEqual(['Privacy Policy']);
    await userEvent.clear(search);
    await userEvent.type(search, '/launch');
    expect(titles()).toEqual(['Launch Week']);
    await userEvent.type(search, ' nothing');
    expect(titles()).toEqual([]);
    expect(screen.getByText('No items match the search and status.')).toBeTruthy();
    await userEvent.clear(search);

    const status = screen.getByRole('combobox', { name: 'Status' });
    await userEvent.selectOptions(status, 'Scheduled');
    expect(titles()).toEqual(['Launch Week']);
    await userEvent.selectOptions(status, 'Draft');
    expect(titles()).toEqual(['Terms']);
    await userEvent.selectOptions(status, 'Published');
    expect(titles()).toEqual(['Privacy Policy']);
    await userEvent.selectOptions(status, 'All');

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await userEvent.selectOptions(sort, 'Name (A–Z)');
    expect(titles()).toEqual(['Launch Week', 'Privacy Policy', 'Terms']);
    await userEvent.selectOptions(sort, 'Last updated');
    expect(titles()).toEqual(['Launch Week', 'Terms', 'Privacy Policy']);
  });

  it('lists each page with its title, Published or Draft badge, /slug and view, edit, delete buttons', () => {
    renderTab([PAGE, DRAFT]);
    const list = screen.getByRole('list', { name: 'Pages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Privacy Policy')).toBeTruthy();
    expect(within(rows[0]!).getByText('Published')).toBeTruthy();
    expect(within(rows[0]!).getByText('/privacy')).toBeTruthy();
    expect(within(rows[1]!).getByText('Draft')).toBeTruthy();
    for (const action of ['View', 'Edit', 'Delete']) {
      expect(within(rows[0]!).getByRole('button', { name: `${action} Privacy Policy` })).toBeTruthy();
    }
  });

  it('the New Page dialog has the spec fields and buttons', async () => {
    renderTab([]);
    const dialog = await openNew();
    for (const label of [
      'Page Name',
      'URL Slug',
      'Page Title',
      'Meta Title',
      'Meta Description',
      'Social Card Image',
    ]) {
      expect(within(dialog).getByLabelText(label)).toBeTruthy();
    }
    expect(within(dialog).getByRole('switch')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save Page' })).toBeTruthy();
  });

  it('saving an empty page shows the required messages and sends nothing', async () => {
    const api = renderTab([]);
    const dialog = await openNew();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Page' }));
    expect(await within(dialog).findByText('Page name is required')).toBeTruthy();
    expect(within(dialog).getByText('Page title is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Page Name').getAttribute('aria-invalid')).toBe('true');
    // Nothing written (the media library is read for the social card image field).
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('typing the name fills the slug; a malformed slug is refused', async () => {
    renderTab([]);
    const dialog = await openNew();
    await userEvent.type(within(dialog).getByLabelText('Page Name'), 'About Our Team');
    expect((within(dialog).getByLabelText('URL Slug') as HTMLInputElement).value).toBe('about-our-team');
    await userEvent.clear(within(dialog).getByLabelText('URL Slug'));
    await userEvent.type(within(dialog).getByLabelText('URL Slug'), 'Not A Slug!');
    await userEvent.type(within(dialog).getByLabelText('Page Title'), 'Team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Page' }));
    expect(within(dialog).getByLabelText('URL Slug').getAttribute('aria-invalid')).toBe('true');
  });

  // Issue 41 defect 11: the title is filled from the name until it is typed in by hand.
  it('typing the name fills the Page Title until the title is edited by hand', async () => {
    renderTab([]);
    const dialog = await openNew();
    const name = within(dialog).getByLabelText('Page Name');
    const title = within(dialog).getByLabelText('Page Title') as HTMLInputElement;
    await userEvent.type(name, 'Careers');
    expect(title.value).toBe('Careers');
    await userEvent.type(title, ' at Distilled');
    await userEvent.type(name, ' Page');
    expect(title.value).toBe('Careers at Distilled');
  });

  it('a valid new page is posted, the dialog closes and "Page created" is shown', async () => {
    const api = renderTab([], {
      api: { [`POST ${AdminRoutes.pages}`]: (body) => ok({ ...PAGE, ...(body as object) }) },
    });
    const dialog = await openNew();
    await userEvent.type(within(dialog).getByLabelText('Page Name'), 'Careers');
    await userEvent.clear(within(dialog).getByLabelText('Page Title'));
    await userEvent.type(within(dialog).getByLabelText('Page Title'), 'Work With Us');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByText('Page created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Page' })).toBeNull());
    expect(api.calls.filter((c) => c.method !== 'GET')[0]).toMatchObject({
      method: 'POST',
      url: AdminRoutes.pages,
      body: { name: 'Careers', slug: 'careers', title: 'Work With Us', published: false },
    });
  });

  it('a slug the server refuses shows its message beside the field and a "Page not saved" toast', async () => {
    renderTab([], {
      api: {
        [`POST ${AdminRoutes.pages}`]: {
          status: 409,
          body: { message: 'This slug is already in use', fields: { slug: 'This slug is already in use' } },
        },
      },
    });
    const dialog = await openNew();
    await userEvent.type(within(dialog).getByLabelText('Page Name'), 'Privacy');
    await userEvent.type(within(dialog).getByLabelText('Page Title'), 'Privacy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByText('Page not saved')).toBeTruthy();
    expect(within(dialog).getAllByText('This slug is already in use').length).toBeGreaterThan(0);
  });

  it('Edit opens "Edit Page" filled with the page', async () => {
    renderTab([PAGE]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Privacy Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Page' });
    expect((within(dialog).getByLabelText('Page Title') as HTMLInputElement).value).toBe('Privacy Policy');
    expect((within(dialog).getByLabelText('URL Slug') as HTMLInputElement).value).toBe('privacy');
  });

  it('the preview fills {{retentionMonths}} from the site settings, as the public page does (issue 39)', async () => {
    const body = 'Kept up to {{retentionMonths}} months after our last contact with you.';
    renderTab([{ ...PAGE, content: { body } }], {
      api: { [SITE_SETTINGS_URL]: ok({ leadRetentionMonths: 18 }) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Privacy Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Page' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    await waitFor(() =>
      expect(preview.textContent?.trim()).toBe('Kept up to 18 months after our last contact with you.'),
    );
  });

  it("Delete asks in the app's dialog, Cancel focused; Escape or Cancel sends nothing", async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    const api = renderTab([PAGE]);
    const remove = screen.getByRole('button', { name: 'Delete Privacy Policy' });
    await userEvent.click(remove);
    const question = await screen.findByRole('alertdialog', {
      name: 'Move the page "Privacy Policy" to the trash?',
    });
    expect(question.textContent).toContain('You can restore it from the Trash tab for 30 days.');
    // The safe answer has focus: Enter right away keeps the page.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    await userEvent.click(remove);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Only the question's look-up of who has it open (a GET); nothing changed.
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it('Delete of an item someone has open says who, before it is moved', async () => {
    renderTab([PAGE], {
      api: { [`GET /api/admin/presence/pages/3`]: ok({ others: [{ name: 'Eddie Editor' }] }) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Privacy Policy' }));
    const question = await screen.findByRole('alertdialog', {
      name: 'Move the page "Privacy Policy" to the trash?',
    });
    expect(question.textContent).toContain(
      'Eddie Editor is editing it right now: their unsaved changes could not be saved.',
    );
  });

  it('Delete confirmed sends DELETE and says the page moved to the trash', async () => {
    const api = renderTab([PAGE], { api: { [`DELETE ${AdminRoutes.pages}/3`]: { status: 204 } } });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Privacy Policy' }));
    const question = await screen.findByRole('alertdialog');
    await userEvent.click(within(question).getByRole('button', { name: 'Move to trash' }));
    expect(await screen.findByText('Page moved to the trash')).toBeTruthy();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([
      expect.objectContaining({ method: 'DELETE', url: `${AdminRoutes.pages}/3` }),
    ]);
  });

  it('Undo in the toast restores the page from the Trash', async () => {
    const api = renderTab([PAGE], {
      api: {
        [`DELETE ${AdminRoutes.pages}/3`]: { status: 204 },
        [`POST ${AdminRoutes.trash}/pages/3/restore`]: { status: 204 },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Privacy Policy' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Move to trash' }),
    );
    await screen.findByText('Page moved to the trash');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Page restored')).toBeTruthy();
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      `DELETE ${AdminRoutes.pages}/3`,
      `POST ${AdminRoutes.trash}/pages/3/restore`,
    ]);
  });
});
