import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminRoutes, StaffRoutes, entityTag, type StaffEvent } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen, type FakeRoute } from '@agency/ui/testing';
import { EntityTab } from '../entities/entity-tab';
import { blogConfig } from '../entities/entity-configs';
import { useLiveUpdates } from './live-updates';

/** Issue 41, defect 2 and "current lists everywhere": what a colleague saves shows here. */

const post = (id: number, title: string, updatedAt = '2026-01-01T00:00:00.000Z') => ({
  ...blogConfig.empty,
  id,
  title,
  slug: `post-${id}`,
  excerpt: 'An excerpt',
  content: 'Body',
  category: 'SEO',
  author: 'Ada',
  tags: [],
  published: false,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt,
});

/** The server's side of GET /api/admin/events: push an event into the open stream. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  controller.enqueue(encoder.encode('retry: 2000\n: connected\n\n'));
  return {
    answer: { status: 200, body, headers: { 'Content-Type': 'text/event-stream' } },
    push: (event: StaffEvent) =>
      controller.enqueue(encoder.encode(`event: change\ndata: ${JSON.stringify(event)}\n\n`)),
  };
}

function LiveBlogTab() {
  useLiveUpdates();
  return <EntityTab config={blogConfig} />;
}

function renderBlog(api: Record<string, FakeRoute>) {
  const fake = fakeApi({ [AdminRoutes.media]: ok([]), ...api });
  renderScreen(
    <TooltipProvider>
      <LiveBlogTab />
      <Toaster />
    </TooltipProvider>,
  );
  return fake;
}

const titles = () =>
  within(screen.getByRole('list', { name: blogConfig.title }))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('live updates in the CMS', () => {
  afterEach(() => {
    // Ends the stream's reading loop of the last test.
    fakeApi({});
  });

  it('a write pushed by the server refetches the list on screen: a colleague’s new post appears', async () => {
    const stream = eventStream();
    let rows = [post(1, 'First post')];
    const api = renderBlog({
      [blogConfig.url]: () => ok(rows),
      [StaffRoutes.events]: stream.answer,
    });
    await waitFor(() => expect(titles()).toEqual(['First post']));
    await waitFor(() => expect(api.calls.some((c) => c.url === StaffRoutes.events)).toBe(true));

    // A colleague saves on another instance; the server pushes it here.
    rows = [post(2, 'A colleague’s post'), ...rows];
    act(() => stream.push({ type: 'blog-posts', id: '2', action: 'content.create' }));
    await waitFor(() => expect(titles()).toEqual(['A colleague’s post', 'First post']));
  });

  it('an event of another area leaves this list alone', async () => {
    const stream = eventStream();
    const api = renderBlog({
      [blogConfig.url]: ok([post(1, 'First post')]),
      [StaffRoutes.events]: stream.answer,
    });
    await waitFor(() => expect(titles()).toEqual(['First post']));
    const asked = () => api.calls.filter((c) => c.url === blogConfig.url).length;
    const before = asked();
    act(() => stream.push({ type: 'users', id: '4', action: 'user.update' }));
    act(() => stream.push({ type: 'services', id: '1', action: 'content.update' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(asked()).toBe(before);
  });

  it('the list asks again when the window gets focus back', async () => {
    let rows = [post(1, 'First post')];
    renderBlog({ [blogConfig.url]: () => ok(rows), [StaffRoutes.events]: 'pending' });
    await waitFor(() => expect(titles()).toEqual(['First post']));
    rows = [post(1, 'Renamed by a colleague')];
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      fireEvent.focus(window);
    });
    await waitFor(() => expect(titles()).toEqual(['Renamed by a colleague']));
  });

  it('Edit opens the post as stored now, and its save names that version', async () => {
    const listed = post(1, 'Old title');
    const stored = post(1, 'Saved by a colleague', '2026-01-02T09:00:00.000Z');
    const api = renderBlog({
      [blogConfig.url]: ok([listed]),
      [`${blogConfig.url}/1`]: ok(stored),
      [`PUT ${blogConfig.url}/1`]: (body) => ok({ ...stored, ...(body as object) }),
      [StaffRoutes.events]: 'pending',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Old title' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Saved by a colleague');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Blog Post' }));
    await screen.findByText('"Saved by a colleague" was saved.', { exact: false });
    const put = api.calls.findIndex((c) => c.method === 'PUT');
    expect(api.headers[put]!['if-match']).toBe(entityTag(stored));
    expect(entityTag(stored)).not.toBe(entityTag(listed));
  });

  it('Edit of a post a colleague moved to the Trash says so and opens nothing', async () => {
    renderBlog({
      [blogConfig.url]: ok([post(1, 'Gone post')]),
      [`${blogConfig.url}/1`]: { status: 404, body: { message: 'Blog post not found' } },
      [StaffRoutes.events]: 'pending',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Gone post' }));
    expect(await screen.findByText('This item is no longer here')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Edit Blog Post' })).toBeNull();
  });
});
