import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminRoutes, type AdminContentBlock } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen, type FakeRoute } from '@agency/ui/testing';
import { INVALID_JSON } from '../editor/json-content';
import { ContentBlocksTab } from './content-blocks-tab';
import { formatDateTime } from '../shared/publishing';

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
  // Edit asks for the block itself (its stored version) before it opens.
  const items = Object.fromEntries(blocks.map((b) => [`${AdminRoutes.contentBlocks}/${b.id}`, ok(b)]));
  const fake = fakeApi({ ...items, ...api });
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
  it("marks a block's pending draft and its scheduled changes (the homepage hero's too)", () => {
    const goesLive = '2026-12-01T09:00:00.000Z';
    renderTab([
      {
        ...HERO,
        draft: { publishAt: goesLive, authorName: null, updatedAt: HERO.updatedAt },
      } as AdminContentBlock,
      {
        ...OFF,
        published: true,
        draft: { publishAt: null, authorName: 'Ada', updatedAt: HERO.updatedAt },
      } as AdminContentBlock,
    ]);
    const rows = within(screen.getByRole('list', { name: 'Content blocks' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByText(`Changes scheduled for ${formatDateTime(goesLive)}`)).toBeTruthy();
    expect(within(rows[1]!).getByText('Draft pending')).toBeTruthy();
  });

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

  const asBanner = async (dialog: HTMLElement) => {
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Promo');
    await userEvent.type(within(dialog).getByLabelText('Identifier'), 'promo');
    await userEvent.clear(within(dialog).getByLabelText('Type'));
    await userEvent.type(within(dialog).getByLabelText('Type'), 'banner');
  };

  it('a block of another type is JSON: invalid JSON content is reported and refused', async () => {
    const api = renderTab([]);
    const dialog = await openNew();
    await asBanner(dialog);
    fireEvent.change(within(dialog).getByLabelText('Content (JSON)'), { target: { value: '{ not json' } });
    expect(await within(dialog).findByText(INVALID_JSON)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Block' }));
    expect(api.calls).toHaveLength(0);
  });

  it("a valid block of another type is posted Active (the spec's default) with its parsed JSON content", async () => {
    const api = renderTab([], {
      [`POST ${AdminRoutes.contentBlocks}`]: (body) => ok({ ...HERO, ...(body as object) }),
    });
    const dialog = await openNew();
    await asBanner(dialog);
    fireEvent.change(within(dialog).getByLabelText('Content (JSON)'), {
      target: { value: '{"headline":"Sale"}' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Block' }));
    await screen.findByText('"Promo" was saved.', { exact: false });
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      body: {
        name: 'Promo',
        identifier: 'promo',
        type: 'banner',
        content: { headline: 'Sale' },
        published: true,
      },
    });
  });

  it('Edit opens a block of another type with its JSON content', async () => {
    renderTab([{ ...OFF, content: { text: 'Hi' } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Content Block' });
    const json = within(dialog).getByLabelText('Content (JSON)') as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual({ text: 'Hi' });
  });
});

describe('CMS hero block form', () => {
  // Focus goes back to the Edit button when the dialog closes, and its tooltip measures itself.
  beforeEach(() =>
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    ),
  );
  afterEach(() => vi.unstubAllGlobals());
  // Inactive, so its editor has the one Save (an active block saves drafts: the last test here).
  const STORED: AdminContentBlock = {
    ...HERO,
    published: false,
    content: {
      title: 'Hello, world',
      subtitle: 'Sub',
      metrics: [
        { value: '1%', label: 'One', width: '10%' },
        { value: '2%', label: 'Two', width: '20%', icon: 'chart' },
      ],
      primaryCTA: { text: 'Talk', href: '/contact', rel: 'nofollow' },
      theme: 'dark',
    },
  };
  const editHero = async () => {
    const api = renderTab([STORED], {
      [`PUT ${AdminRoutes.contentBlocks}/1`]: (body) => ok({ ...STORED, ...(body as object) }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Homepage hero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Content Block' });
    // Opening asked for the stored block; what follows counts the form's own calls.
    expect(api.calls).toEqual([
      expect.objectContaining({ method: 'GET', url: `${AdminRoutes.contentBlocks}/1` }),
    ]);
    api.calls.length = 0;
    return { api, dialog, $: within(dialog) };
  };

  it('shows the content as fields, no JSON', async () => {
    const { $ } = await editHero();
    expect($.queryByLabelText('Content (JSON)')).toBeNull();
    expect(($.getByLabelText('Title') as HTMLInputElement).value).toBe('Hello, world');
    expect(($.getByLabelText('Metric label 2') as HTMLInputElement).value).toBe('Two');
    expect(($.getByLabelText('Primary button link') as HTMLInputElement).value).toBe('/contact');
    expect(($.getByLabelText('Secondary button text') as HTMLInputElement).value).toBe('');
  });

  it('adds, reorders and removes metrics, and saves only the hero fields (issue 25: unknown fields are refused)', async () => {
    const { api, $ } = await editHero();
    await userEvent.click($.getByRole('button', { name: 'Add metric' }));
    await userEvent.type($.getByLabelText('Metric value 3'), '3x');
    await userEvent.type($.getByLabelText('Metric label 3'), 'Three');
    await userEvent.type($.getByLabelText('Bar width 3'), '30%');
    await userEvent.click($.getByRole('button', { name: 'Move metric 3 up' }));
    expect(($.getByLabelText('Metric label 2') as HTMLInputElement).value).toBe('Three');
    expect(($.getByRole('button', { name: 'Move metric 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click($.getByRole('button', { name: 'Remove metric 1' }));
    await userEvent.click($.getByRole('button', { name: 'Save Block' }));
    await screen.findByText('"Homepage hero" was saved.', { exact: false });
    expect((api.calls[0]!.body as { content: object }).content).toEqual({
      title: 'Hello, world',
      subtitle: 'Sub',
      metrics: [
        { value: '3x', label: 'Three', width: '30%' },
        { value: '2%', label: 'Two', width: '20%' },
      ],
      primaryCTA: { text: 'Talk', href: '/contact' },
    });
    // A button left blank is left out: the home page shows its default.
    expect((api.calls[0]!.body as { content: object }).content).not.toHaveProperty('secondaryCTA');
  });

  it('shows the hero schema messages beside the fields and sends nothing', async () => {
    const { api, $ } = await editHero();
    await userEvent.clear($.getByLabelText('Bar width 1'));
    await userEvent.type($.getByLabelText('Bar width 1'), 'wide');
    await userEvent.type($.getByLabelText('Secondary button text'), 'Work');
    await userEvent.type($.getByLabelText('Secondary button link'), 'http://elsewhere.example');
    await userEvent.click($.getByRole('button', { name: 'Save Block' }));
    expect(await $.findByText('Use a percentage from 0% to 100%, such as 85%')).toBeTruthy();
    expect($.getByText('Use a site path such as /contact or an https:// link')).toBeTruthy();
    expect($.getByLabelText('Bar width 1').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('a bar over 100 % and an empty title are refused beside their fields', async () => {
    const { api, $ } = await editHero();
    await userEvent.clear($.getByLabelText('Title'));
    await userEvent.clear($.getByLabelText('Bar width 1'));
    await userEvent.type($.getByLabelText('Bar width 1'), '150%');
    await userEvent.click($.getByRole('button', { name: 'Save Block' }));
    expect(await $.findByText('Use a percentage from 0% to 100%, such as 85%')).toBeTruthy();
    expect($.getByText('Enter the title')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('counts the title against its limit as it is typed, and refuses a longer one beside the field', async () => {
    const { api, $ } = await editHero();
    expect($.getByText('12 / 90')).toBeTruthy();
    const title = $.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'x'.repeat(91));
    expect($.getByText('91 / 90: the save is refused')).toBeTruthy();
    await userEvent.click($.getByRole('button', { name: 'Save Block' }));
    expect(
      await $.findByText(
        'Keep the title to 90 characters: a longer one pushes the buttons below the first screen on phones',
      ),
    ).toBeTruthy();
    expect((title as HTMLInputElement).value).toBe('x'.repeat(91));
    expect(api.calls).toHaveLength(0);
  });

  it('the built-in hero keeps its identifier and type: both are read-only', async () => {
    const { $ } = await editHero();
    expect(($.getByLabelText('Identifier') as HTMLInputElement).readOnly).toBe(true);
    expect(($.getByLabelText('Type') as HTMLInputElement).readOnly).toBe(true);
    expect($.getByText('Built in: the site reads this block by this name.')).toBeTruthy();
  });

  it('an external https booking link is accepted', async () => {
    const { api, $ } = await editHero();
    await userEvent.type($.getByLabelText('Secondary button text'), 'Book a call');
    await userEvent.type($.getByLabelText('Secondary button link'), 'https://cal.example.com/intro');
    await userEvent.click($.getByRole('button', { name: 'Save Block' }));
    await screen.findByText('"Homepage hero" was saved.', { exact: false });
    expect((api.calls[0]!.body as { content: { secondaryCTA: object } }).content.secondaryCTA).toEqual({
      text: 'Book a call',
      href: 'https://cal.example.com/intro',
    });
  });
  it('an active hero can keep its changes back as a draft (issue 41)', async () => {
    const live = { ...STORED, published: true };
    const api = renderTab([live], {
      [`PUT ${AdminRoutes.contentBlocks}/1/draft`]: (body) =>
        ok({
          ...live,
          draft: {
            ...(body as object),
            authorName: 'Owner',
            createdAt: live.updatedAt,
            updatedAt: live.updatedAt,
          },
        }),
      [`POST ${AdminRoutes.contentBlocks}/1/draft/publish`]: () =>
        ok({ ...live, content: { title: 'Hello, world again' } }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Homepage hero' }));
    const $ = within(await screen.findByRole('dialog', { name: 'Edit Content Block' }));
    expect($.getByRole('button', { name: 'Save Block' })).toBeTruthy();
    await userEvent.type($.getByLabelText('Title'), ' again');
    await userEvent.click($.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
        `PUT ${AdminRoutes.contentBlocks}/1/draft`,
      ]),
    );
    expect(
      (api.calls.find((c) => c.method === 'PUT')!.body as { values: { content: object } }).values.content,
    ).toMatchObject({ title: 'Hello, world again' });
  });
});
