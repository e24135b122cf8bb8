import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes, DEFAULT_SITE_SETTINGS, SITE_SETTING_KEYS } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { fakeApi, renderScreen } from '@agency/ui/testing';
import { SettingsTab } from './settings-tab';

/** Issue 25 item 6: a stale Settings save is refused (412) and the screen offers reload-and-keep-your-text. */

const entries = (over: Record<string, unknown> = {}) =>
  SITE_SETTING_KEYS.map((key) => ({ key, value: { ...DEFAULT_SITE_SETTINGS, ...over }[key] }));

describe('Settings: a colleague saved first', () => {
  it('sends the version it opened, and after a 412 reloads the current settings while keeping the typed text to copy', async () => {
    let stored = entries({ contactPhone: '+1 (415) 555-0100' });
    let version = '"v1"';
    const fake = fakeApi({
      [AdminRoutes.siteSettings]: () => ({ body: stored, headers: { ETag: version } }),
      [`PUT ${AdminRoutes.siteSettings}`]: (body) => {
        const ifMatch = fake.headers.at(-1)?.['if-match'];
        if (ifMatch !== version) {
          return {
            status: 412,
            body: {
              message: 'The settings were changed by someone else since you opened them',
              code: 'PRECONDITION_FAILED',
            },
          };
        }
        stored = entries(body as Record<string, unknown>);
        version = '"v3"';
        return { body: stored, headers: { ETag: version } };
      },
    });
    renderScreen(
      <>
        <SettingsTab session={{ authenticated: true, passwordFromEnvironment: false }} />
        <Toaster />
      </>,
    );
    const form = await screen.findByRole('form', { name: 'Site settings' });
    const siteName = within(form).getByLabelText('Site Name');
    await screen.findByDisplayValue('+1 (415) 555-0100');

    // Meanwhile a colleague saves a new phone number.
    stored = entries({ contactPhone: '+1 (415) 555-0199' });
    version = '"v2"';

    await userEvent.clear(siteName);
    await userEvent.type(siteName, 'My New Name');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Settings' }));

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain(
      'Not saved: the settings were changed by someone else since you opened them.',
    );
    expect(fake.headers.at(-1)?.['if-match']).toBe('"v1"');
    const copy = within(form).getByLabelText('Your unsaved version (copy what you need)');
    expect((copy as HTMLTextAreaElement).value).toContain('siteName: My New Name');

    await userEvent.click(within(alert).getByRole('button', { name: 'Reload current version' }));
    // The colleague's number is shown; the typed name stays below to copy.
    expect(await screen.findByDisplayValue('+1 (415) 555-0199')).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(
      (within(form).getByLabelText('Your unsaved version (copy what you need)') as HTMLTextAreaElement).value,
    ).toContain('siteName: My New Name');

    await userEvent.clear(siteName);
    await userEvent.type(siteName, 'My New Name');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(fake.headers.at(-1)?.['if-match']).toBe('"v2"');
    expect(stored.find((e) => e.key === 'contactPhone')?.value).toBe('+1 (415) 555-0199');
    expect(stored.find((e) => e.key === 'siteName')?.value).toBe('My New Name');
  });
});

/** Issue 39 item 4: admins set how long leads are kept; the privacy page and the daily purge follow it. */
describe('Settings: lead retention', () => {
  it('shows the period (24 months by default), refuses 0 and saves a whole number of months', async () => {
    let saved: Record<string, unknown> | undefined;
    fakeApi({
      [AdminRoutes.siteSettings]: () => ({ body: entries(), headers: { ETag: '"v1"' } }),
      [`PUT ${AdminRoutes.siteSettings}`]: (body) => {
        saved = body as Record<string, unknown>;
        return { body: entries(saved), headers: { ETag: '"v2"' } };
      },
    });
    renderScreen(
      <>
        <SettingsTab session={{ authenticated: true, passwordFromEnvironment: false }} />
        <Toaster />
      </>,
    );
    const form = await screen.findByRole('form', { name: 'Site settings' });
    const months = within(form).getByLabelText('Keep leads for (months)');
    expect((months as HTMLInputElement).value).toBe('24');

    await userEvent.clear(months);
    await userEvent.type(months, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Settings' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Use a whole number of months from 1 to 120',
    );
    expect(saved).toBeUndefined();

    await userEvent.clear(months);
    await userEvent.type(months, '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(saved?.['leadRetentionMonths']).toBe(12);
  });
});
