import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminRoutes } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen, type FakeRoute } from '@agency/ui/testing';
import { EntityTab } from '../entities/entity-tab';
import { blogConfig } from '../entities/entity-configs';

const post = (id: number, title: string, published: boolean) => ({
  id,
  slug: `post-${id}`,
  title,
  excerpt: 'e',
  content: 'c',
  contentFormat: 'markdown',
  category: 'SEO',
  author: 'Ada',
  authorRole: '',
  tags: [],
  published,
  publishedAt: published ? '2026-01-01T00:00:00.000Z' : null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const A = post(1, 'Alpha', false);
const B = post(2, 'Beta', false);
const BULK = `POST ${AdminRoutes.blogPosts}/bulk`;

function renderTab(api: Record<string, FakeRoute>) {
  const fake = fakeApi(api);
  renderScreen(
    <TooltipProvider>
      <EntityTab config={blogConfig} />
      <Toaster />
    </TooltipProvider>,
  );
  return fake;
}

const bar = () => screen.getByRole('toolbar', { name: 'Bulk actions' });
const titles = () =>
  within(screen.getByRole('list', { name: 'Blog' }))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('bulk actions in a content tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('selects rows, moves them to the trash after a confirm, then shows the list as the server has it', async () => {
    let listed = [A, B];
    const fake = renderTab({
      [AdminRoutes.blogPosts]: () => ok(listed),
      [BULK]: () => {
        listed = [];
        return ok({ action: 'delete', changed: [1, 2], unchanged: [], missing: [] });
      },
    });
    expect(await screen.findByText('None selected')).toBeTruthy();
    expect(within(bar()).queryByRole('button', { name: 'Move to trash' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    expect(within(bar()).getByText('1 selected')).toBeTruthy();
    await userEvent.click(within(bar()).getByRole('checkbox', { name: 'Select all' }));
    expect(within(bar()).getByText('2 selected')).toBeTruthy();

    const confirm = vi.spyOn(window, 'confirm');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Move to trash' }));
    const question = await screen.findByRole('alertdialog', { name: 'Move 2 blog posts to the trash?' });
    expect(question.textContent).toContain('You can restore them from the Trash tab for 30 days.');
    await userEvent.click(within(question).getByRole('button', { name: 'Move to trash' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(await screen.findByText('2 blog posts moved to the trash')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'delete', ids: [1, 2] });
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
  });

  it('sends nothing when the trash confirm is cancelled', async () => {
    const fake = renderTab({ [AdminRoutes.blogPosts]: ok([A, B]) });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Beta' }));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Move to trash' }));
    const question = await screen.findByRole('alertdialog', { name: 'Move 1 blog post to the trash?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(within(bar()).getByText('1 selected')).toBeTruthy();
  });

  it('publishes only the rows shown, and reports what the server skipped', async () => {
    const fake = renderTab({
      [AdminRoutes.blogPosts]: ok([A, B]),
      [BULK]: ok({ action: 'publish', changed: [1], unchanged: [], missing: [2] }),
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Beta' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'alpha');
    expect(titles()).toEqual(['Alpha']);
    // Beta is hidden by the search: it no longer counts as selected.
    expect(within(bar()).getByText('None selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('1 blog post published')).toBeTruthy();
    expect(screen.getByText('1 blog post no longer there (deleted meanwhile).')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'publish', ids: [1] });
  });

  it('says nothing was changed when the server refuses, and keeps the selection', async () => {
    renderTab({
      [AdminRoutes.blogPosts]: ok([A, B]),
      [BULK]: { status: 400, body: { message: 'Select at most 500 items' } },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Alpha' }));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Nothing was changed')).toBeTruthy();
    expect(screen.getByText('Select at most 500 items')).toBeTruthy();
    await waitFor(() => expect(within(bar()).getByText('1 selected')).toBeTruthy());
  });

  it('View opens a live post itself and the staff preview of a draft', async () => {
    renderTab({ [AdminRoutes.blogPosts]: ok([A, post(3, 'Gamma', true)]) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await userEvent.click(await screen.findByRole('button', { name: 'View Alpha' }));
    expect(open).toHaveBeenLastCalledWith('/blog/post-1?preview', '_blank', 'noopener');
    await userEvent.click(screen.getByRole('button', { name: 'View Gamma' }));
    expect(open).toHaveBeenLastCalledWith('/blog/post-3', '_blank', 'noopener');
  });
});
