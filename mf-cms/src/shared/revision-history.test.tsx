import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { EntityDialog } from '../entities/entity-dialog';
import { blogConfig } from '../entities/entity-configs';
import { shown, wordDiff } from './revision-history';

/** Issue 25 item 11: history a person can read. */

const NOW = {
  id: 7,
  slug: 'p',
  title: 'Speed decides close calls',
  excerpt: 'e',
  content: 'c',
  contentFormat: 'markdown',
  category: 'SEO',
  author: 'Ada',
  authorRole: '',
  tags: [],
  published: true,
  publishedAt: '2026-03-01T09:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
};
const url = `${AdminRoutes.blogPosts}/7`;

describe('item history', () => {
  it('names who saved a version, shows dates as dates and highlights only the changed words', async () => {
    fakeApi({
      [url]: ok(NOW),
      [`${url}/revisions`]: ok([
        {
          id: 2,
          createdAt: '2026-03-02T00:00:42.000Z',
          kind: 'update',
          changedFields: ['title'],
          actorName: 'Eddie Editor',
        },
        { id: 1, createdAt: '2026-01-01T00:00:00.000Z', kind: 'create', changedFields: [] },
      ]),
      [`${url}/revisions/1`]: ok({
        id: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        kind: 'create',
        changedFields: [],
        snapshot: { title: 'Speed wins close calls', publishedAt: '2026-02-01T09:00:00.000Z' },
      }),
    });
    renderScreen(
      <TooltipProvider>
        <EntityDialog config={blogConfig} row={NOW} onClose={() => {}} />
        <Toaster />
      </TooltipProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: 'History' });
    const versions = await within(history).findByRole('list', { name: 'Versions' });
    expect(within(versions).getAllByRole('button')[0]!.textContent).toContain('by Eddie Editor');
    // Issue 41 defect 12: to the second, so two saves in one minute are told apart.
    expect(within(versions).getAllByRole('button')[0]!.textContent).toMatch(/\d:\d\d:42/);
    expect(within(versions).getAllByRole('button')[1]!.textContent).not.toContain(' by ');

    await userEvent.click(within(versions).getAllByRole('button')[1]!);
    await within(history).findByText('This version → current values:');
    const diff = history.querySelector('dl[aria-label="Differences from the current values"]')!;
    const title = diff.querySelector('[data-field="title"]')!;
    expect([...title.querySelectorAll('mark[data-changed="old"]')].map((m) => m.textContent)).toEqual([
      'wins',
    ]);
    expect([...title.querySelectorAll('mark[data-changed="new"]')].map((m) => m.textContent)).toEqual([
      'decides',
    ]);
    const date = diff.querySelector('[data-field="publishedAt"]')!.textContent!;
    expect(date).not.toContain('2026-02-01T09:00');
    expect(date).toContain('February 1, 2026 at 9:00 AM UTC');
  });

  it('shows the hero content as fields, not JSON', () => {
    const text = shown({
      title: 'Growth, Measured.',
      metrics: [{ value: '3x', label: 'ROAS', width: '60%' }],
      primaryCTA: { text: 'Talk', href: '/contact' },
    });
    expect(text).toBe(
      'Title: Growth, Measured.\nMetrics 1 value: 3x\nMetrics 1 label: ROAS\nMetrics 1 width: 60%\nPrimary cta text: Talk\nPrimary cta href: /contact',
    );
    expect(text).not.toContain('{');
  });

  it('marks nothing when the texts are the same, and whole words when they differ', () => {
    expect(wordDiff('a b c', 'a b c').after.every((p) => !p.changed)).toBe(true);
    expect(
      wordDiff('one two', 'one three')
        .after.filter((p) => p.changed)
        .map((p) => p.text),
    ).toEqual(['three']);
  });
});
