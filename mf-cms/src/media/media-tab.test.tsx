import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes, type MediaItem } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { MediaTab } from './media-tab';

/** Issue 25 item 2: the library says where each file is used, and a used file is not deleted. */

const file = (over: Partial<MediaItem>): MediaItem => ({
  id: 1,
  url: '/uploads/aaaa.png',
  fileName: 'aaaa.png',
  originalName: 'hero.png',
  mimeType: 'image/png',
  size: 2048,
  altText: 'A chart',
  createdAt: '2026-01-01T00:00:00.000Z',
  usedBy: [],
  ...over,
});
const USED = file({
  usedBy: [
    { type: 'case-studies', id: 4, title: 'Acme Growth', inTrash: false },
    { type: 'blog-posts', id: 9, title: 'Launch Notes', inTrash: true },
  ],
});
const UNUSED = file({ id: 2, url: '/uploads/bbbb.png', fileName: 'bbbb.png', originalName: 'spare.png' });

describe('media library: where each file is used', () => {
  it('lists the items that use a file, and says so of an unused one', async () => {
    fakeApi({ [AdminRoutes.media]: ok([USED, UNUSED]) });
    renderScreen(
      <TooltipProvider>
        <MediaTab />
        <Toaster />
      </TooltipProvider>,
    );
    const uses = await screen.findByRole('list', { name: 'Where hero.png is used' });
    expect(
      within(uses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Case study “Acme Growth”', 'Blog post “Launch Notes” (in the trash)']);
    expect(screen.getByText('Used in 2 items:')).toBeTruthy();
    expect(screen.getByText('Not used anywhere')).toBeTruthy();
  });

  it('Delete on a file in use sends nothing and says where it is used', async () => {
    const fake = fakeApi({ [AdminRoutes.media]: ok([USED]) });
    renderScreen(
      <TooltipProvider>
        <MediaTab />
        <Toaster />
      </TooltipProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete hero.png' }));
    expect(await screen.findByText('File in use')).toBeTruthy();
    expect(screen.getAllByText(/used by Case study "Acme Growth"/).length).toBeGreaterThan(0);
    expect(fake.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('the search finds files by name, alt text or where they are used, and narrows to missing alt or unused', async () => {
    const noAlt = file({ id: 3, url: '/uploads/cccc.png', originalName: 'team-photo.png', altText: '' });
    fakeApi({ [AdminRoutes.media]: ok([USED, UNUSED, noAlt]) });
    renderScreen(
      <TooltipProvider>
        <MediaTab />
        <Toaster />
      </TooltipProvider>,
    );
    const names = async () =>
      within(await screen.findByRole('list', { name: 'Uploaded files' }))
        .getAllByRole('listitem')
        .filter((li) => li.parentElement?.getAttribute('aria-label') === 'Uploaded files')
        .map((li) => within(li).getAllByText(/\.png$/)[0]!.textContent);
    expect(await names()).toEqual(['hero.png', 'spare.png', 'team-photo.png']);

    const search = screen.getByRole('searchbox', { name: 'Search files' });
    await userEvent.type(search, 'acme');
    expect(await names()).toEqual(['hero.png']);
    await userEvent.clear(search);
    await userEvent.type(search, 'SPARE');
    expect(await names()).toEqual(['spare.png']);
    await userEvent.type(search, ' chart');
    expect(await names()).toEqual(['spare.png']);
    await userEvent.type(search, 'x');
    expect(screen.getByText('No files match the search.')).toBeTruthy();
    await userEvent.clear(search);

    const status = screen.getByRole('combobox', { name: 'Status' });
    await userEvent.selectOptions(status, 'Images without alt text');
    expect(await names()).toEqual(['team-photo.png']);
    await userEvent.selectOptions(status, 'Unused files');
    expect(await names()).toEqual(['spare.png', 'team-photo.png']);
  });

  it("sets an image's focal point with the arrow keys, previews the crops and saves it only when stored", async () => {
    const fake = fakeApi({
      [AdminRoutes.media]: ok([USED]),
      [`PATCH ${AdminRoutes.media}/1`]: (body) => ok({ ...USED, ...(body as object) }),
    });
    renderScreen(
      <TooltipProvider>
        <MediaTab />
        <Toaster />
      </TooltipProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Focal point of hero.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Focal point of hero.png' });
    const slider = within(dialog).getByRole('slider', { name: 'Focal point' });
    expect(slider.getAttribute('aria-valuetext')).toBe('50% from the left, 50% from the top');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(slider.getAttribute('aria-valuetext')).toBe('54% from the left, 60% from the top');
    const crops = [
      ...within(dialog).getByRole('list', { name: 'How the site crops it' }).querySelectorAll('img'),
    ];
    expect(crops.map((img) => (img as HTMLImageElement).style.objectPosition)).toEqual(
      Array(4).fill('54% 60%'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save focal point' }));
    expect(await screen.findByText('Focal point saved')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { focus: { x: 54, y: 60 } },
    ]);
  });
});
