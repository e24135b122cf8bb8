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
