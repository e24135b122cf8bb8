import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes, entityTag, type ContentDraft } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { EntityDialog } from './entity-dialog';
import { EntityTab } from './entity-tab';
import { blogConfig } from './entity-configs';
import { openDraft } from '../shared/admin-api';
import { formatDateTime } from '../shared/publishing';

/** Issue 41: a live item's changes are kept as a draft until they are published. */

const LIVE_AT = '2026-01-01T00:00:00.000Z';
const DRAFT_AT = '2026-01-02T00:00:00.000Z';
const POST = `${AdminRoutes.blogPosts}/7`;

const stored = (fields: Record<string, unknown> = {}) => ({
  ...blogConfig.empty,
  id: 7,
  slug: 'launch',
  title: 'Launch',
  excerpt: 'Short',
  content: 'Body',
  category: 'News',
  author: 'Ada',
  tags: [],
  published: true,
  publishedAt: '2025-12-01T09:00:00.000Z',
  updatedAt: LIVE_AT,
  ...fields,
});

const pendingDraft = (publishAt: string | null = null): ContentDraft => ({
  values: { ...stored(), title: 'Launch, rewritten', tags: [] },
  publishAt,
  authorName: 'Eddie Editor',
  createdAt: DRAFT_AT,
  updatedAt: DRAFT_AT,
});

/** The editor of `row` (as the CMS opens it: a draft's values over the live ones). */
async function open(row: Record<string, unknown>, answers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi(answers);
  renderScreen(
    <TooltipProvider>
      <EntityDialog config={blogConfig} row={openDraft(row) as never} onClose={() => {}} />
      <Toaster />
    </TooltipProvider>,
  );
  return { api, dialog: await screen.findByRole('dialog') };
}

const call = (api: ReturnType<typeof fakeApi>, method: string, url: string) => {
  const i = api.calls.findIndex((c) => c.method === method && c.url === url);
  return i < 0 ? undefined : { ...api.calls[i]!, headers: api.headers[i]! };
};

describe('drafts of live items in the editor', () => {
  it('an unpublished post keeps its one Save', async () => {
    const { dialog } = await open(stored({ published: false }));
    expect(within(dialog).getByRole('button', { name: 'Save Blog Post' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save draft' })).toBeNull();
  });

  it('Save draft on a published post stores a draft (the live version named), and says so once stored', async () => {
    const { api, dialog } = await open(stored(), {
      [`PUT ${POST}/draft`]: ok({ ...stored(), draft: pendingDraft() }),
    });
    // Save Blog Post still publishes (the spec's button); Save draft and Schedule changes keep them back.
    expect(within(dialog).getByRole('button', { name: 'Save Blog Post' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Schedule changes' })).toBeTruthy();
    const title = within(dialog).getByDisplayValue('Launch');
    await userEvent.clear(title);
    await userEvent.type(title, 'Launch, rewritten');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved')).toBeTruthy();
    const sent = call(api, 'PUT', `${POST}/draft`)!;
    expect(sent.body).toMatchObject({ values: { title: 'Launch, rewritten' }, publishAt: null });
    expect(sent.headers['if-match']).toBe(entityTag({ updatedAt: LIVE_AT }));
    expect(call(api, 'PUT', POST)).toBeUndefined();
  });

  it('Save Blog Post on a published post without a draft saves it live, as it always did', async () => {
    const { api, dialog } = await open(stored(), {
      [`PUT ${POST}`]: ok(stored({ title: 'Launch, live' })),
    });
    const title = within(dialog).getByDisplayValue('Launch');
    await userEvent.clear(title);
    await userEvent.type(title, 'Launch, live');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Blog Post' }));
    expect(await screen.findByText('"Launch, live" was saved.', { exact: false })).toBeTruthy();
    expect(call(api, 'PUT', POST)!.body).toMatchObject({ title: 'Launch, live' });
    expect(call(api, 'PUT', `${POST}/draft`)).toBeUndefined();
  });

  it('Save Blog Post with a pending draft saves the form as the draft, then publishes that version', async () => {
    const RESAVED_AT = '2026-01-03T00:00:00.000Z';
    const { api, dialog } = await open(stored({ draft: pendingDraft() }), {
      [`PUT ${POST}/draft`]: ok({ ...stored(), draft: { ...pendingDraft(), updatedAt: RESAVED_AT } }),
      [`POST ${POST}/draft/publish`]: ok(stored({ title: 'Launch, rewritten' })),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Blog Post' }));
    expect(await screen.findByText('Changes published')).toBeTruthy();
    // The draft's save names the version the editor opened; the publish names the one it answered.
    expect(call(api, 'PUT', `${POST}/draft`)!.headers['if-match']).toBe(entityTag({ updatedAt: DRAFT_AT }));
    expect(call(api, 'POST', `${POST}/draft/publish`)!.headers['if-match']).toBe(
      entityTag({ updatedAt: RESAVED_AT }),
    );
    expect(call(api, 'PUT', POST)).toBeUndefined();
  });

  it('a pending draft opens with its values under a banner; Publish now publishes it', async () => {
    const { api, dialog } = await open(stored({ draft: pendingDraft() }), {
      [`POST ${POST}/draft/publish`]: ok(stored({ title: 'Launch, rewritten' })),
    });
    const banner = within(dialog).getByRole('status');
    expect(within(banner).getByText('This blog post has unpublished changes')).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Preview' })).toBeTruthy();
    expect(within(dialog).getByDisplayValue('Launch, rewritten')).toBeTruthy();
    await userEvent.click(within(banner).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Changes published')).toBeTruthy();
    expect(call(api, 'POST', `${POST}/draft/publish`)!.headers['if-match']).toBe(
      entityTag({ updatedAt: DRAFT_AT }),
    );
  });

  it('Discard draft deletes it; a scheduled draft says when it goes live', async () => {
    const at = '2026-12-01T09:00:00.000Z';
    const { api, dialog } = await open(stored({ draft: pendingDraft(at) }), {
      [`DELETE ${POST}/draft`]: { status: 204 },
    });
    expect(within(dialog).getByText(new RegExp(`They go live ${formatDateTime(at)}`))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByText('Draft discarded')).toBeTruthy();
    expect(call(api, 'DELETE', `${POST}/draft`)).toBeTruthy();
  });

  it('a refused draft save (changed meanwhile) says so and keeps the input', async () => {
    const { dialog } = await open(stored(), {
      [`PUT ${POST}/draft`]: {
        status: 412,
        body: {
          code: 'PRECONDITION_FAILED',
          message: 'This item was changed by someone else since you opened it',
        },
      },
    });
    const title = within(dialog).getByDisplayValue('Launch');
    await userEvent.type(title, ' v2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByText(/Not saved: this item was changed by someone else/)).toBeTruthy();
    expect(screen.queryByText('Draft saved')).toBeNull();
    expect(within(dialog).getByDisplayValue('Launch v2')).toBeTruthy();
  });
});

describe('drafts of live items in the list', () => {
  it('marks rows with a pending draft, and with the time a scheduled one goes live', async () => {
    const at = '2026-12-01T09:00:00.000Z';
    fakeApi({
      [AdminRoutes.blogPosts]: ok([
        { ...stored(), draft: { publishAt: null, authorName: 'Ada', updatedAt: DRAFT_AT } },
        {
          ...stored({ id: 8, title: 'Later', slug: 'later' }),
          draft: { publishAt: at, authorName: null, updatedAt: DRAFT_AT },
        },
        stored({ id: 9, title: 'Plain', slug: 'plain' }),
      ]),
    });
    renderScreen(
      <TooltipProvider>
        <EntityTab config={blogConfig} />
      </TooltipProvider>,
    );
    expect(await screen.findByText('Draft pending')).toBeTruthy();
    expect(screen.getByText(`Changes scheduled for ${formatDateTime(at)}`)).toBeTruthy();
    expect(screen.getAllByText(/Draft pending|Changes scheduled/)).toHaveLength(2);
  });

  it('marks a published row with its unpublish date, and one past it as no longer public', async () => {
    const ahead = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const past = '2026-01-01T09:00:00.000Z';
    fakeApi({
      [AdminRoutes.blogPosts]: ok([
        stored({ unpublishAt: ahead }),
        stored({ id: 8, title: 'Ended', slug: 'ended', unpublishAt: past }),
      ]),
    });
    renderScreen(
      <TooltipProvider>
        <EntityTab config={blogConfig} />
      </TooltipProvider>,
    );
    expect(await screen.findByText(`Unpublishes ${formatDateTime(ahead)}`)).toBeTruthy();
    expect(screen.getByText(`Not public since ${formatDateTime(past)}`)).toBeTruthy();
  });
  it('a save refused because a colleague saved meanwhile says who and when (defect 9)', async () => {
    const at = '2026-11-28T10:15:02.000Z';
    const { dialog } = await open(stored({ published: false }), {
      [`PUT ${POST}`]: {
        status: 412,
        body: {
          code: 'PRECONDITION_FAILED',
          message: 'This item was changed by someone else since you opened it',
          changedBy: 'Eddie Editor',
          changedAt: at,
        },
      },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Blog Post' }));
    expect(
      await within(dialog).findByText(
        `Not saved: this item was changed by someone else since you opened it: Eddie Editor saved it on ${formatDateTime(at, { seconds: true })}. Reload it to edit the current version; your text stays below to copy.`,
      ),
    ).toBeTruthy();
  });
});
