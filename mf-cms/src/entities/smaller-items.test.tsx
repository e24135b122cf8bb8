import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { EntityDialog } from './entity-dialog';
import { EntityTab, nextDisplayOrder } from './entity-tab';
import { blogConfig, serviceConfig } from './entity-configs';
import { formatDateTime } from '../shared/publishing';
import { PageDialog } from '../pages/page-dialog';

/** Issue 25 item 12 (part): scheduled switch text, publish dates with their zone, new services at the end. */

/** A blog post (id 7) open in its editor, with `fields` over the empty ones. */
async function openPost(fields: Record<string, unknown>) {
  fakeApi({});
  renderScreen(
    <TooltipProvider>
      <EntityDialog
        config={blogConfig}
        row={{ ...blogConfig.empty, id: 7, tags: [], updatedAt: '2026-01-01T00:00:00.000Z', ...fields }}
        onClose={() => {}}
      />
      <Toaster />
    </TooltipProvider>,
  );
  return screen.findByRole('dialog');
}

describe('smaller CMS fixes', () => {
  it('the Published switch of a scheduled post says when it goes live, not "Visible on the site"', async () => {
    const later = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const dialog = await openPost({ published: true, publishedAt: later });
    expect(within(dialog).getByText(/^Scheduled: goes live /)).toBeTruthy();
    expect(within(dialog).queryByText('Visible on the site')).toBeNull();
  });

  it('the Published switch of a scheduled page says when it goes live too', async () => {
    fakeApi({ [AdminRoutes.media]: ok([]) });
    const later = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    renderScreen(
      <TooltipProvider>
        <PageDialog
          page={{
            id: 4,
            name: 'Launch',
            slug: 'launch',
            title: 'Launch',
            metaTitle: '',
            metaDescription: '',
            socialImageUrl: null,
            content: { body: '' },
            published: true,
            publishedAt: later,
            template: 'default',
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          }}
          onClose={() => {}}
        />
      </TooltipProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Page' });
    expect(within(dialog).getByText(/^Scheduled: goes live /)).toBeTruthy();
    expect(within(dialog).queryByText('Visible on the site')).toBeNull();
  });

  it('publish dates name their time zone', () => {
    expect(formatDateTime('2026-03-01T09:00:00.000Z')).toBe('March 1, 2026 at 9:00 AM UTC');
  });

  it('a new service starts after the listed ones, not at order 0', async () => {
    expect(nextDisplayOrder([{ displayOrder: 1 }, { displayOrder: 7 }, { displayOrder: 3 }])).toBe(8);
    expect(nextDisplayOrder([])).toBe(1);
    fakeApi({
      [AdminRoutes.services]: ok([
        { id: 1, title: 'SEO', slug: 'seo', description: 'd', displayOrder: 1, published: true },
        { id: 2, title: 'Web', slug: 'web', description: 'd', displayOrder: 6, published: true },
      ]),
    });
    renderScreen(
      <TooltipProvider>
        <EntityTab config={serviceConfig} />
        <Toaster />
      </TooltipProvider>,
    );
    await screen.findByText('Web');
    await userEvent.click(screen.getByRole('button', { name: /New Service|Add Service/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Service' });
    expect((within(dialog).getByLabelText('Display Order') as HTMLInputElement).value).toBe('7');
  });

  it('Duplicate stores an unpublished copy through the API, says so, and opens the copy (issue 41)', async () => {
    const web = { id: 2, title: 'Web', slug: 'web', description: 'd', displayOrder: 6, published: true };
    const copy = { ...web, id: 9, title: 'Web (copy)', slug: 'web-copy', published: false };
    const api = fakeApi({
      [AdminRoutes.services]: ok([web]),
      [`POST ${AdminRoutes.services}/2/duplicate`]: { status: 201, body: copy },
      [`${AdminRoutes.services}/9`]: ok(copy),
    });
    renderScreen(
      <TooltipProvider>
        <EntityTab config={serviceConfig} />
        <Toaster />
      </TooltipProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate Web' }));
    expect(await screen.findByText('Service duplicated')).toBeTruthy();
    expect(screen.getByText('A copy of "Web" was saved as a draft.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/services/2/duplicate'))).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    expect(within(dialog).getByDisplayValue('Web (copy)')).toBeTruthy();
  });

  it('opening an item puts the caret after its title, so typing adds to the title (issue 41 defect 12)', async () => {
    const dialog = await openPost({ title: 'Launch post' });
    const title = within(dialog).getByDisplayValue('Launch post');
    expect(document.activeElement).toBe(title);
    await userEvent.setup().keyboard(' 2');
    expect(within(dialog).getByDisplayValue('Launch post 2')).toBeTruthy();
  });
});
