import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StaffRoutes, type AuditEvent } from '@agency/contracts';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { AuditTab } from './audit-tab';

const row = (id: number, summary: string): AuditEvent => ({
  id,
  at: '2026-03-01T09:00:00.000Z',
  actorId: null,
  actorName: 'Owner',
  action: 'content.update',
  entityType: 'pages',
  entityId: String(id),
  summary,
  address: '127.0.0.1',
});

/** Issue 36 item 9: the Audit tab reaches entries older than its first page. */
describe('Audit tab', () => {
  it('loads older entries a page at a time until the oldest', async () => {
    const newest = Array.from({ length: 100 }, (_, i) => row(200 - i, `newer ${200 - i}`));
    const api = fakeApi({
      [StaffRoutes.users]: ok([]),
      [`${StaffRoutes.audit}?limit=100`]: ok(newest),
      [`${StaffRoutes.audit}?limit=100&before=101`]: ok([
        row(3, 'third'),
        row(2, 'second'),
        row(1, 'the oldest'),
      ]),
    });
    renderScreen(<AuditTab />);
    expect(await screen.findByText(/newer 101/)).toBeTruthy();
    expect(screen.queryByText(/the oldest/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await screen.findByText(/the oldest/)).toBeTruthy();
    expect(screen.getAllByTestId('audit-row')).toHaveLength(103);
    // A page that was not full is the last: nothing older to offer.
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
    expect(api.calls.filter((c) => c.url.startsWith(StaffRoutes.audit)).map((c) => c.url)).toEqual([
      `${StaffRoutes.audit}?limit=100`,
      `${StaffRoutes.audit}?limit=100&before=101`,
    ]);
  });
});

/** Issue 39 item 3: an export or erasure of a person's data reads as such, by whom and how many records. */
describe('Audit tab: personal data', () => {
  it('names an export and an erasure in words', async () => {
    fakeApi({
      [StaffRoutes.users]: ok([]),
      [`${StaffRoutes.audit}?limit=100`]: ok([
        {
          ...row(2, 'Erased 3 record(s): contactRequests 1'),
          action: 'privacy.erase',
          entityType: 'privacy',
          entityId: null,
        },
        {
          ...row(1, 'Exported (JSON) 3 record(s)'),
          action: 'privacy.export',
          entityType: 'privacy',
          entityId: null,
        },
      ]),
    });
    renderScreen(<AuditTab />);
    expect(await screen.findByText('Erased a person’s data')).toBeTruthy();
    expect(screen.getByText('Exported a person’s data')).toBeTruthy();
  });
});

/** Issue 41 defect 4: the audit in the CMS's words, to the second, each row linking to its item. */
describe('Audit tab: words, seconds and links', () => {
  it('names trash, accounts and canaries in words, shows seconds and links each row to its item', async () => {
    fakeApi({
      [StaffRoutes.users]: ok([]),
      [`${StaffRoutes.audit}?limit=100`]: ok([
        {
          ...row(5, 'Ended the canary of mf-content 2.0: everyone is on 1.0'),
          action: 'release.rollback',
          entityType: 'mf-content',
          entityId: null,
        },
        { ...row(4, 'Eddie Editor'), action: 'user.disable', entityType: 'users' },
        {
          ...row(3, 'Launch post'),
          action: 'content.delete',
          entityType: 'blog-posts',
          at: '2026-03-01T09:00:15.000Z',
        },
        { ...row(2, 'Our services'), action: 'content.update', entityType: 'services' },
        { ...row(1, 'Old post'), action: 'trash.purge', entityType: 'blog-posts' },
      ]),
    });
    renderScreen(<AuditTab />, { path: '/cms?tab=audit' });
    expect(await screen.findByText('Ended a canary')).toBeTruthy();
    expect(screen.getByText('Disabled an account')).toBeTruthy();
    expect(screen.getByText('Moved to the Trash')).toBeTruthy();
    expect(screen.getByText('Deleted for good')).toBeTruthy();
    expect(screen.getByText(/9:00:15/)).toBeTruthy();
    const saved = screen.getByRole('link', { name: 'Service #2: Our services' });
    expect(saved.getAttribute('href')).toBe('/cms?tab=services&item=2');
    expect(screen.getByRole('link', { name: 'Blog Post #3: Launch post' }).getAttribute('href')).toBe(
      '/cms?tab=trash',
    );
    expect(screen.getByRole('link', { name: 'Account #4: Eddie Editor' }).getAttribute('href')).toBe(
      '/cms?tab=staff',
    );
    // Deleted for good: nowhere to go.
    expect(screen.queryByRole('link', { name: /Old post/ })).toBeNull();
    expect(screen.getByText('Blog Post #1: Old post')).toBeTruthy();
  });

  it('the type filter sends the name typed (the server takes Blog as well as blog-posts)', async () => {
    const api = fakeApi({
      [StaffRoutes.users]: ok([]),
      [`${StaffRoutes.audit}?limit=100`]: ok([]),
      [`${StaffRoutes.audit}?type=Blog+Post&limit=100`]: ok([
        { ...row(9, 'Typed'), entityType: 'blog-posts' },
      ]),
    });
    renderScreen(<AuditTab />);
    await userEvent.type(await screen.findByLabelText('Item type'), 'Blog Post');
    expect(await screen.findByText('Blog Post #9: Typed')).toBeTruthy();
    expect(api.calls.some((c) => c.url === `${StaffRoutes.audit}?type=Blog+Post&limit=100`)).toBe(true);
  });
});
