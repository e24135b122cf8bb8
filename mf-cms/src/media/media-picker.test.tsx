import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminRoutes, type MediaItem } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen, type FakeRoute } from '@agency/ui/testing';
import { ImageDialog } from '../editor/image-dialog';
import { MediaTab } from './media-tab';

const item = (over: Partial<MediaItem>): MediaItem => ({
  id: 1,
  url: '/uploads/aaaa.png',
  fileName: 'aaaa.png',
  originalName: 'chart.png',
  mimeType: 'image/png',
  size: 2048,
  altText: 'Traffic chart rising',
  width: 1200,
  height: 675,
  derivatives: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const CHART = item({});
const TEAM = item({
  id: 2,
  url: '/uploads/bbbb.jpg',
  fileName: 'bbbb.jpg',
  originalName: 'team.jpg',
  altText: '',
});
const GUIDE = item({
  id: 3,
  url: '/uploads/c.pdf',
  originalName: 'guide.pdf',
  mimeType: 'application/pdf',
  altText: '',
});

function renderDialog(api: Record<string, FakeRoute> = {}) {
  const fake = fakeApi({ [AdminRoutes.media]: ok([CHART, TEAM, GUIDE]), ...api });
  const onInsert = vi.fn();
  renderScreen(
    <TooltipProvider>
      <ImageDialog open onOpenChange={() => {}} onInsert={onInsert} />
      <Toaster />
    </TooltipProvider>,
  );
  return { fake, onInsert };
}

const openPicker = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Choose from Library' }));
  return screen.findByRole('dialog', { name: 'Media Library' });
};

describe('media picker in the image dialog', () => {
  it('lists the library images (not other files) with their alt text or the missing flag', async () => {
    renderDialog();
    const picker = await openPicker();
    const images = within(await within(picker).findByRole('list', { name: 'Library images' })).getAllByRole(
      'listitem',
    );
    expect(images).toHaveLength(2);
    expect(within(images[0]!).getByText('Traffic chart rising')).toBeTruthy();
    expect(within(images[1]!).getByText('Missing alt text')).toBeTruthy();
    expect(within(picker).queryByText('guide.pdf')).toBeNull();
  });

  it('picking fills the URL and the alt text, and Insert sends them', async () => {
    const { onInsert } = renderDialog();
    const picker = await openPicker();
    await userEvent.click(await within(picker).findByRole('button', { name: 'Choose chart.png' }));
    expect((screen.getByLabelText('Image URL') as HTMLInputElement).value).toBe('/uploads/aaaa.png');
    expect((screen.getByLabelText('Alt Text') as HTMLInputElement).value).toBe('Traffic chart rising');
    expect(screen.queryByText(/This image has no alt text/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Insert Image' }));
    expect(onInsert).toHaveBeenCalledWith({ url: '/uploads/aaaa.png', alt: 'Traffic chart rising' });
  });

  it('an image without alt text is flagged before insert, and can still be inserted', async () => {
    const { onInsert } = renderDialog();
    const picker = await openPicker();
    await userEvent.click(await within(picker).findByRole('button', { name: 'Choose team.jpg' }));
    expect(screen.getByText(/This image has no alt text/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Insert Image' }));
    expect(onInsert).toHaveBeenCalledWith({ url: '/uploads/bbbb.jpg', alt: '' });
    expect(await screen.findByText('Image inserted without alt text')).toBeTruthy();
  });

  it('uploading from the picker picks the stored image; the same bytes again say so', async () => {
    const { fake } = renderDialog({
      [`POST ${AdminRoutes.upload}`]: { status: 200, body: { ...CHART, reused: true } },
    });
    const picker = await openPicker();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'copy.png', { type: 'image/png' });
    await userEvent.upload(within(picker).getByLabelText('Upload New Image'), file);
    expect(await screen.findByText('Already in the library')).toBeTruthy();
    expect((screen.getByLabelText('Image URL') as HTMLInputElement).value).toBe('/uploads/aaaa.png');
    expect(fake.calls.some((c) => c.method === 'POST' && c.url === AdminRoutes.upload)).toBe(true);
  });
});

describe('media library alt text', () => {
  const renderTab = (api: Record<string, FakeRoute> = {}) => {
    const fake = fakeApi({ [AdminRoutes.media]: ok([CHART, TEAM, GUIDE]), ...api });
    renderScreen(
      <TooltipProvider>
        <MediaTab />
        <Toaster />
      </TooltipProvider>,
    );
    return fake;
  };

  it('flags images without alt text, not the others and not non-image files', async () => {
    renderTab();
    const rows = within(await screen.findByRole('list', { name: 'Uploaded files' })).getAllByRole('listitem');
    expect(within(rows[0]!).queryByText('Missing alt text')).toBeNull();
    expect(within(rows[1]!).getByText('Missing alt text')).toBeTruthy();
    expect(within(rows[2]!).queryByText('Missing alt text')).toBeNull();
    expect(within(rows[2]!).queryByLabelText(/Alt text of/)).toBeNull();
  });

  it('saves alt text through PATCH and says "saved" only after the server stored it', async () => {
    const fake = renderTab({
      [`PATCH ${AdminRoutes.media}/2`]: (body) => ok({ ...TEAM, ...(body as object) }),
    });
    const input = await screen.findByLabelText('Alt text of team.jpg');
    await userEvent.type(input, 'The team at a whiteboard');
    await userEvent.click(
      within(input.closest<HTMLElement>('[role="group"]')!).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Alt text saved')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      altText: 'The team at a whiteboard',
    });
  });

  it('shows the server refusal and no "saved"', async () => {
    renderTab({
      [`PATCH ${AdminRoutes.media}/2`]: {
        status: 400,
        body: { message: 'Alt text must be a single line', code: 'VALIDATION' },
      },
    });
    const input = await screen.findByLabelText('Alt text of team.jpg');
    await userEvent.type(input, 'x');
    await userEvent.click(
      within(input.closest<HTMLElement>('[role="group"]')!).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Alt text not saved')).toBeTruthy();
    expect(within(input.closest<HTMLElement>('[role="group"]')!).getByRole('alert').textContent).toMatch(
      /single line/,
    );
    expect(screen.queryByText('Alt text saved')).toBeNull();
  });
});
