import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRIVACY_PATHS, PrivacyMessages } from '@agency/contracts';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { PersonalDataCard } from './personal-data-card';

/** Issue 39 item 3: an admin answers a data request from Settings in a few clicks. */
const counts = (over: Record<string, number> = {}) => ({
  contactRequests: 1,
  resourceLeads: 0,
  newsletterSubscriptions: 1,
  outboxJobs: 2,
  formOutcomes: 0,
  failedSignIns: 0,
  staffAccounts: 0,
  ...over,
});

describe('Settings > Personal data', () => {
  it('finds an address, erases only once it is typed again, and shows what went', async () => {
    let found = counts();
    const api = fakeApi({
      [`POST ${PRIVACY_PATHS.search}`]: () => ok({ subject: 'jane@client.test', counts: found, records: {} }),
      [`POST ${PRIVACY_PATHS.erase}`]: () => {
        found = counts({ contactRequests: 0, newsletterSubscriptions: 0, outboxJobs: 0 });
        return ok({
          erased: { ...found, contactRequests: 1, newsletterSubscriptions: 1, outboxJobs: 2 },
          total: 4,
          staffAccountsKept: 0,
          message: '',
        });
      },
    });
    renderScreen(<PersonalDataCard />);
    await userEvent.type(screen.getByLabelText('E-mail address'), 'jane@client.test');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));

    const region = await screen.findByRole('region', { name: 'Personal data found' });
    expect(within(region).getByText(/Contact requests:/).textContent).toBe('Contact requests: 1');
    expect(within(region).getByText(/Notifications/).textContent).toBe(
      'Notifications (e-mails and webhooks): 2',
    );
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      url: PRIVACY_PATHS.search,
      body: { email: 'jane@client.test' },
    });

    const erase = within(region).getByRole('button', { name: 'Erase 4 record(s)' });
    expect((erase as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(region).getByLabelText(/Type the address again/), 'JANE@client.test');
    expect((erase as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(erase);

    expect((await screen.findByRole('status')).textContent).toBe('Erased 4 record(s).');
    expect(api.calls.find((c) => c.url === PRIVACY_PATHS.erase)?.body).toEqual({
      email: 'jane@client.test',
      confirm: 'JANE@client.test',
    });
    // Searched again: nothing is left to erase.
    await screen.findByText((_, el) => el?.textContent === 'Contact requests: 0');
    expect(screen.queryByRole('button', { name: /^Erase/ })).toBeNull();
  });

  it('says that staff accounts are not erased here', async () => {
    fakeApi({
      [`POST ${PRIVACY_PATHS.search}`]: ok({
        subject: 'ada@agency.test',
        counts: counts({ contactRequests: 0, newsletterSubscriptions: 0, outboxJobs: 0, staffAccounts: 1 }),
        records: {},
      }),
    });
    renderScreen(<PersonalDataCard />);
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@agency.test');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(PrivacyMessages.staffKept)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Erase/ })).toBeNull();
  });
});
