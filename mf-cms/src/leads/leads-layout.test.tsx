import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminRoutes } from '@agency/contracts';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { LeadsTab } from './leads-tab';

/** Issue 25 item 7: labels a person reads, goals in view, and one card per lead on a phone. */

const GOALS = 'Double qualified demo requests from organic search within two quarters';
const LEAD = {
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@a.example',
  company: 'Acme',
  budget: '25k-50k',
  goals: GOALS,
  createdAt: '2026-01-01T00:00:00.000Z',
  handledAt: null,
};

const render = () => {
  fakeApi({ [`${AdminRoutes.leads}?type=contacts&status=all`]: ok([LEAD]) });
  renderScreen(<LeadsTab />);
};
/** The screen's width as CSS media queries see it. */
const screenWidth = (px: number) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0) <= px,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

describe('CMS Leads tab layout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('at 1280 px: a table with the budget label, the goals written out, and both actions on the row', async () => {
    screenWidth(1280);
    render();
    const row = (await screen.findByText('ada@a.example')).closest('tr')!;
    expect(within(row).getByText('$25k - $50k')).toBeTruthy();
    expect(within(row).queryByText('25k-50k')).toBeNull();
    // Goals are cell text, not only a tooltip.
    expect(within(row).getByText(GOALS).getAttribute('title')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Mark handled: ada@a.example' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete ada@a.example' })).toBeTruthy();
    expect(screen.getByRole('table').className).toContain('table-fixed');
  });

  it('at 390 px: one card per lead with every field labelled and both actions', async () => {
    screenWidth(390);
    render();
    const list = await screen.findByRole('list', { name: 'Contact Requests' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(within(card).getByText('ada@a.example')).toBeTruthy();
    expect(within(card).getByText('Budget').nextElementSibling?.textContent).toBe('$25k - $50k');
    expect(within(card).getByText('Goals').nextElementSibling?.textContent).toBe(GOALS);
    expect(within(card).getByText('Received')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Mark handled: ada@a.example' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete ada@a.example' })).toBeTruthy();
  });
});
