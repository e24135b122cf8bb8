import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes, NotificationRoutes } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { fakeApi, ok, renderScreen, type FakeRoute } from '@agency/ui/testing';
import { LeadsTab } from './leads-tab';

const lead = {
  id: 7,
  firstName: 'Ada',
  lastName: 'L',
  email: 'ada@a.example',
  company: 'Acme',
  budget: '10k-25k',
  goals: 'Grow',
  createdAt: '2026-01-01T00:00:00.000Z',
  handledAt: null,
};
const delivery = (over: Record<string, unknown>) => ({
  id: `job-${String(over.what)}`,
  kind: 'email',
  to: 'sales@agency.test',
  status: 'queued',
  attempts: 0,
  nextAttemptAt: '2026-01-01T00:05:00.000Z',
  lastError: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  sentAt: null,
  ...over,
});

function renderTab(api: Record<string, FakeRoute>) {
  const fake = fakeApi({ [`${AdminRoutes.leads}?type=contacts&status=all`]: ok([lead]), ...api });
  renderScreen(
    <>
      <LeadsTab />
      <Toaster />
    </>,
  );
  return fake;
}

describe("CMS Leads tab: a lead's notifications", () => {
  it('says plainly that no mail server is configured, and how many deliveries failed', async () => {
    renderTab({
      [NotificationRoutes.status]: ok({
        mailConfigured: false,
        message: 'No mail server is configured (SMTP_URL is not set).',
        queued: 2,
        retrying: 0,
        failed: 1,
        failures: [],
      }),
    });
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain('No mail server is configured (SMTP_URL is not set).');
    expect(banner.textContent).toContain('1 notification failed.');
  });

  it('lists sent, waiting and failed deliveries with the error, and resends them', async () => {
    let resent = false;
    const fake = renderTab({
      [NotificationRoutes.status]: ok({
        mailConfigured: false,
        message: null,
        queued: 1,
        retrying: 0,
        failed: 1,
        failures: [],
      }),
      [NotificationRoutes.lead('contacts', 7)]: () =>
        ok({
          mailConfigured: false,
          deliveries: [
            delivery({ what: 'staff-lead' }),
            delivery({
              what: 'visitor-confirmation',
              to: 'ada@a.example',
              status: 'sent',
              sentAt: '2026-01-01T00:01:00.000Z',
            }),
            delivery({
              what: 'webhook',
              kind: 'webhook',
              to: 'https://hooks.example.com/leads',
              status: resent ? 'queued' : 'failed',
              attempts: resent ? 0 : 40,
              lastError: resent ? null : 'the receiver answered HTTP 500',
            }),
          ],
        }),
      [`POST ${NotificationRoutes.resend('contacts', 7)}`]: () => {
        resent = true;
        return ok({ queued: 3 });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications: ada@a.example' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Waiting for a mail server')).toBeTruthy();
    expect(within(dialog).getByText(/^Sent /)).toBeTruthy();
    expect(within(dialog).getByText('Failed: the receiver answered HTTP 500')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('3 notifications queued again')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'POST' && c.url.endsWith('/notifications/resend'))).toBe(true);
    expect(within(dialog).queryByText(/^Failed:/)).toBeNull();
  });
});

describe('CMS Leads tab: who is told (admins)', () => {
  const view = {
    recipients: ['sales@agency.test'],
    notifyNewsletter: false,
    confirmationText: 'Thanks!',
    webhooks: {},
  };

  it('is not offered when the API refuses the settings (editors)', async () => {
    renderTab({ [NotificationRoutes.settings]: { status: 403, body: { message: 'Forbidden' } } });
    await screen.findByText('ada@a.example');
    expect(screen.queryByRole('button', { name: 'Who is told' })).toBeNull();
  });

  it('saves recipients, the newsletter choice and a webhook, and shows the new secret once', async () => {
    const fake = renderTab({
      [NotificationRoutes.settings]: ok(view),
      [`PUT ${NotificationRoutes.settings}`]: (body) =>
        ok({
          ...(body as object),
          webhooks: {
            contacts: {
              url: 'https://hooks.example.com/l',
              createdAt: '2026-01-01T00:00:00Z',
              secretHint: '…wxyz',
            },
          },
          newSecrets: { contacts: 'whsec_shown_once_wxyz' },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Who is told' }));
    const dialog = await screen.findByRole('dialog', { name: 'Who is told about new leads' });
    const recipients = within(dialog).getByLabelText('E-mail each new lead to');
    await userEvent.type(recipients, '{Enter}founder@agency.test');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Also e-mail newsletter sign-ups' }));
    await userEvent.type(within(dialog).getByLabelText('Contact requests'), 'https://hooks.example.com/l');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('whsec_shown_once_wxyz')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      recipients: ['sales@agency.test', 'founder@agency.test'],
      notifyNewsletter: true,
      confirmationText: 'Thanks!',
      webhooks: { contacts: { url: 'https://hooks.example.com/l' } },
    });
  });
});
