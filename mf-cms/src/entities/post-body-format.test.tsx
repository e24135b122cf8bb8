import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { EntityDialog } from './entity-dialog';
import { blogConfig } from './entity-configs';

/** Issue 25 item 4: a post body is edited in its own format; markdown marks never go into HTML. */

const post = (contentFormat: 'markdown' | 'html', content: string) => ({
  id: 7,
  slug: 'p',
  title: 'A post',
  excerpt: 'e',
  content,
  contentFormat,
  category: 'SEO',
  author: 'Ada',
  authorRole: '',
  tags: [],
  published: false,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function open(row: ReturnType<typeof post> | null) {
  const fake = fakeApi({
    [`PUT ${AdminRoutes.blogPosts}/7`]: (body) => ok({ ...row, ...(body as object) }),
    [`POST ${AdminRoutes.blogPosts}`]: (body) => ({
      status: 201,
      body: { ...post('markdown', ''), ...(body as object) },
    }),
  });
  renderScreen(
    <TooltipProvider>
      <EntityDialog config={blogConfig} row={row} onClose={() => {}} />
      <Toaster />
    </TooltipProvider>,
  );
  return fake;
}

describe('blog post body format', () => {
  it('a body sent as HTML through the API gets an HTML editor: no markdown toolbar, no format switch', async () => {
    open(post('html', '<p>Hello <strong>there</strong></p>'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    expect(within(dialog).queryByRole('toolbar', { name: 'Formatting' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Bold' })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: 'Content Format' })).toBeNull();
    expect(within(dialog).getByText('HTML (written through the API)')).toBeTruthy();
    expect(within(dialog).getByText(/this post was written as HTML/)).toBeTruthy();
  });

  it('a new post is markdown, with the toolbar, and is saved as markdown', async () => {
    const fake = open(null);
    const dialog = await screen.findByRole('dialog', { name: 'New Blog Post' });
    expect(within(dialog).getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    expect(within(dialog).getByText('Markdown')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Fresh');
    await userEvent.type(within(dialog).getByLabelText('URL Slug'), 'fresh');
    await userEvent.type(within(dialog).getByLabelText('Category'), 'SEO');
    await userEvent.type(within(dialog).getByLabelText('Author', { exact: true }), 'Ada');
    await userEvent.type(within(dialog).getByLabelText('Excerpt'), 'E');
    await userEvent.type(within(dialog).getByLabelText('Content', { exact: true }), 'Body');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Blog Post' }));
    await screen.findByText('Blog Post saved');
    expect(
      (fake.calls.find((c) => c.method === 'POST')?.body as { contentFormat: string }).contentFormat,
    ).toBe('markdown');
  });
});
