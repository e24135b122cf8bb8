import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { fakeApi, ok, renderScreen, type FakeRoute } from '@agency/ui/testing';
import { formatDateTime } from '../shared/publishing';
import { LeadsTab } from './leads-tab';

const lead = (id: number, email: string, handledAt: string | null = null) => ({
  id,
  firstName: 'Ada',
  lastName: 'L',
  email,
  company: 'Acme',
  budget: '10k-25k',
  goals: 'Grow',
  createdAt: '2026-01-01T00:00:00.000Z',
  handledAt,
});
const url = (status: string) => `${AdminRoutes.leads}?type=contacts&status=${status}`;

function renderTab(api: Record<string, FakeRoute>) {
  const fake = fakeApi(api);
  renderScreen(
    <>
      <LeadsTab />
      <Toaster />
    </>,
  );
  return fake;
}

const table = () => screen.getByRole('table');
const rowOf = (email: string) => within(table()).getByText(email).closest('tr')!;

describe('CMS Leads tab: handled, open, delete', () => {
  it('marks a lead handled; the list shows the state the server stored', async () => {
    let handled = false;
    const fake = renderTab({
      [url('all')]: () => ok([lead(1, 'ada@a.example', handled ? '2026-02-03T10:00:00.000Z' : null)]),
      [`POST ${AdminRoutes.leadsHandled}`]: () => {
        handled = true;
        return ok({ count: 1 });
      },
    });
    await screen.findByText('ada@a.example');
    expect(within(rowOf('ada@a.example')).getByText('Open')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark handled: ada@a.example' }));
    expect(await screen.findByText('1 lead marked handled')).toBeTruthy();
    expect(await within(table()).findByText(/^Handled /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark open: ada@a.example' })).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'contacts',
      ids: [1],
      handled: true,
    });
  });

  it('filters by status through the API', async () => {
    const fake = renderTab({
      [url('all')]: ok([lead(1, 'open@a.example'), lead(2, 'done@a.example', '2026-02-03T10:00:00.000Z')]),
      [url('handled')]: ok([lead(2, 'done@a.example', '2026-02-03T10:00:00.000Z')]),
      [url('open')]: ok([]),
    });
    await screen.findByText('open@a.example');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'handled');
    expect(await screen.findByText('done@a.example')).toBeTruthy();
    expect(screen.queryByText('open@a.example')).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'open');
    expect(await screen.findByText('No open leads.')).toBeTruthy();
    expect(fake.calls.map((c) => c.url)).toContain(url('open'));
  });

  it("shows each lead's source and campaign, and filters by them through the API and the export", async () => {
    const fromLinkedIn = {
      ...lead(1, 'li@a.example'),
      source: {
        page: '/contact',
        landingPage: '/blog/seo-tips',
        referrerHost: 'www.linkedin.com',
        utm: { utm_source: 'linkedin', utm_campaign: 'spring-launch' },
      },
    };
    const fromGoogle = { ...lead(2, 'g@a.example'), source: { page: '/', referrerHost: 'www.google.com' } };
    // An older API: no source at all.
    const unknown = lead(3, 'old@a.example');
    const fake = renderTab({
      [url('all')]: ok([fromLinkedIn, fromGoogle, unknown]),
      [`${url('all')}&source=linkedin`]: ok([fromLinkedIn]),
      [`${url('all')}&source=linkedin&campaign=spring`]: ok([fromLinkedIn]),
    });
    await screen.findByText('li@a.example');
    const cells = (email: string) =>
      within(rowOf(email))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('li@a.example')).toContain('linkedinCampaign: spring-launchSent from /contact');
    expect(cells('g@a.example')).toContain('www.google.comSent from /');
    expect(cells('old@a.example')).toContain('Direct or unknown');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Source' }), 'linkedin');
    await waitFor(() => expect(screen.queryByText('g@a.example')).toBeNull());
    await userEvent.type(screen.getByRole('searchbox', { name: 'Campaign' }), 'spring');
    await waitFor(() =>
      expect(fake.calls.map((c) => c.url)).toContain(`${url('all')}&source=linkedin&campaign=spring`),
    );
    expect(screen.getByText('li@a.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `${AdminRoutes.leadsCsv}?type=contacts&status=all&source=linkedin&campaign=spring`,
    );
  });

  it('deletes the selected leads only after a confirm that offers the export first', async () => {
    let rows = [lead(1, 'one@a.example'), lead(2, 'two@a.example'), lead(3, 'three@a.example')];
    const fake = renderTab({
      [url('all')]: () => ok(rows),
      [`POST ${AdminRoutes.leadsDelete}`]: (body) => {
        const ids = (body as { ids: number[] }).ids;
        rows = rows.filter((r) => !ids.includes(r.id));
        return ok({ count: ids.length });
      },
    });
    await screen.findByText('one@a.example');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select one@a.example' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select two@a.example' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 leads for good?' });
    expect(within(dialog).getByText(/Export them to CSV first/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Export CSV first' }).getAttribute('href')).toBe(
      `${AdminRoutes.leadsCsv}?type=contacts&status=all`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete for good' }),
    );
    expect(await screen.findByText('2 leads deleted')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'contacts', ids: [1, 2] });
    expect(await screen.findByText('1 shown')).toBeTruthy();
    expect(screen.getByText('three@a.example')).toBeTruthy();
  });
});

describe('CMS Leads tab: newsletter subscriptions', () => {
  it('says which addresses are subscribers: only confirmed ones; pending and unsubscribed as such', async () => {
    const sub = (id: number, email: string, subscription?: string) => ({
      id,
      email,
      createdAt: '2026-01-01T00:00:00.000Z',
      handledAt: null,
      ...(subscription ? { subscription } : {}),
    });
    renderTab({
      [url('all')]: ok([]),
      [`${AdminRoutes.leads}?type=newsletter&status=all`]: ok([
        sub(1, 'c@news.example', 'confirmed'),
        sub(2, 'p@news.example', 'pending'),
        sub(3, 'u@news.example', 'unsubscribed'),
        // An older API sends no state: blank, never a guess.
        sub(4, 'old@news.example'),
      ]),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Newsletter' }));
    await screen.findByText('c@news.example');
    expect(within(rowOf('c@news.example')).getByText('Subscribed')).toBeTruthy();
    expect(within(rowOf('p@news.example')).getByText('Awaiting confirmation')).toBeTruthy();
    expect(within(rowOf('u@news.example')).getByText('Unsubscribed')).toBeTruthy();
    expect(within(rowOf('old@news.example')).queryByText(/Subscribed|Awaiting|Unsubscribed/)).toBeNull();
  });

  it('shows when each lead came in with the hour, not the day alone (issue 41 defect 12)', async () => {
    renderTab({ [url('all')]: ok([lead(1, 'ada@example.com')]) });
    await screen.findByText('ada@example.com');
    expect(rowOf('ada@example.com').textContent).toContain(formatDateTime('2026-01-01T00:00:00.000Z'));
  });
});
