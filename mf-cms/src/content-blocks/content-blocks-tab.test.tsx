import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes, type AdminContentBlock } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen, type FakeRoute } from '@agency/ui/testing';
import { INVALID_JSON } from '../editor/json-markdown';
import { ContentBlocksTab } from './content-blocks-tab';

const HERO: AdminContentBlock = {
  id: 1,
  name: 'Homepage hero',
  identifier: 'homepage-hero',
  type: 'hero',
  content: { title: 'Hello, world' },
  published: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const OFF: AdminContentBlock = {
  ...HERO,
  id: 2,
  name: 'Banner',
  identifier: 'banner',
  type: 'text',
  published: false,
};

function renderTab(blocks: AdminContentBlock[], api: Record<string, FakeRoute> = {}) {
  const fake = fakeApi(api);
  renderScreen(
    <TooltipProvider>
      <ContentBlocksTab blocks={blocks} loading={false} />
      <Toaster />
    </TooltipProvider>,
  );
  return fake;
}

const openNew = async () => {
  await userEvent.click(screen.getByRole('button', { name: /Add Content Block/ }));
  return screen.findByRole('dialog', { name: 'New Content Block' });
};

describe('CMS Content Blocks tab', () => {
  it('no blocks: says so', () => {
    renderTab([]);
    expect(screen.getByText('No content blocks yet.')).toBeTruthy();
  });

  it('lists name, type badge, Active or Inactive and the identifier, with edit and delete', () => {
    renderTab([HERO, OFF]);
    const rows = within(screen.getByRole('list', { name: 'Content blocks' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Homepage hero')).toBeTruthy();
    expect(within(rows[0]!).getByText('hero')).toBeTruthy();
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(within(rows[0]!).getByText('homepage-hero')).toBeTruthy();
    expect(within(rows[1]!).getByText('Inactive')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Edit Banner' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete Banner' })).toBeTruthy();
  });

  it('saving an empty block shows the required messages and sends nothing', async () => {
    const api = renderTab([]);
    const dialog = await openNew();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Block' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Identifier').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('invalid JSON content is reported and refused', async () => {
    const api = renderTab([]);
    const dialog = await openNew();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Promo');
    await userEvent.type(within(dialog).getByLabelText('Identifier'), 'promo');
    fireEvent.change(within(dialog).getByLabelText('Content (JSON)'), { target: { value: '{ not json' } });
    expect(await within(dialog).findByText(INVALID_JSON)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Block' }));
    expect(api.calls).toHaveLength(0);
  });

  it('a valid block is posted as a draft (Inactive) with its parsed JSON content', async () => {
    const api = renderTab([], {
      [`POST ${AdminRoutes.contentBlocks}`]: (body) => ok({ ...HERO, ...(body as object) }),
    });
    const dialog = await openNew();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Promo');
    await userEvent.type(within(dialog).getByLabelText('Identifier'), 'promo');
    fireEvent.change(within(dialog).getByLabelText('Content (JSON)'), {
      target: { value: '{"headline":"Sale"}' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Block' }));
    await screen.findByText('"Promo" was saved.', { exact: false });
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      body: { name: 'Promo', identifier: 'promo', content: { headline: 'Sale' }, published: false },
    });
  });

  it('Edit opens the block with its JSON content', async () => {
    renderTab([HERO]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Homepage hero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Content Block' });
    const json = within(dialog).getByLabelText('Content (JSON)') as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual({ title: 'Hello, world' });
  });
});
