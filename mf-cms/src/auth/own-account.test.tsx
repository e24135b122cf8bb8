import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AccountMessages,
  AccountRoutes,
  AdminRoutes,
  StaffRoutes,
  type AdminSession,
} from '@agency/contracts';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { CmsRoot } from '../app/cms-root';

/** Issue 41, defect 10: setting up and keeping one's own password, and a tab one's role may not use. */

const EDITOR_SESSION: AdminSession = {
  authenticated: true,
  passwordFromEnvironment: false,
  user: { id: 3, name: 'Eddie Editor', email: 'eddie@agency.test', role: 'editor' },
};
const LISTS = {
  [AdminRoutes.pages]: ok([]),
  [AdminRoutes.services]: ok([]),
  [AdminRoutes.contentBlocks]: ok([]),
  [AdminRoutes.siteSettings]: ok([]),
};
const TOKEN = 'a'.repeat(43);

function renderRoot(path = '/cms') {
  renderScreen(
    <TooltipProvider>
      <CmsRoot />
      <Toaster />
    </TooltipProvider>,
    { path },
  );
}

describe('own password', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    // A browser that signed in: the server's hint beside the session cookie (STAFF_SIGNED_IN_COOKIE).
    document.cookie = 'staff_signed_in=1; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    history.replaceState(null, '', '/');
  });

  it('after choosing a password with a link, the sign-in screen says so and has the address filled in', async () => {
    history.replaceState(null, '', `/cms#set-password=${TOKEN}`);
    const api = fakeApi({
      [`POST ${StaffRoutes.setPassword}`]: ok({ email: 'nico@agency.test' }),
      [AdminRoutes.session]: { status: 401, body: {} },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderRoot();
    await userEvent.type(await screen.findByLabelText('New password'), 'nico-chose-this-one');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('status')).textContent).toBe(AccountMessages.passwordSet);
    expect((screen.getByLabelText('E-mail (personal accounts)') as HTMLInputElement).value).toBe(
      'nico@agency.test',
    );
    expect(location.hash).toBe('');
  });

  it('"Forgot your password?" asks for a link by e-mail and says what the server answered', async () => {
    const api = fakeApi({
      [AdminRoutes.session]: { status: 401, body: {} },
      [`POST ${AccountRoutes.forgotPassword}`]: { status: 202, body: { message: AccountMessages.resetSent } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderRoot();
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    const email = screen.getByLabelText('E-mail');
    await userEvent.type(email, 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.clear(email);
    await userEvent.type(email, 'eddie@agency.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('status')).textContent).toBe(AccountMessages.resetSent);
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { email: 'eddie@agency.test' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('an editor changes their own password from the header; a wrong current one is refused beside its field', async () => {
    let answers = 0;
    const api = fakeApi({
      [AdminRoutes.session]: ok(EDITOR_SESSION),
      ...LISTS,
      [`POST ${AccountRoutes.password}`]: () =>
        ++answers === 1
          ? {
              status: 400,
              body: {
                error: 'VALIDATION',
                message: AccountMessages.currentWrong,
                fields: { currentPassword: AccountMessages.currentWrong },
              },
            }
          : ok({ message: AccountMessages.passwordChanged }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderRoot();
    await userEvent.click(await screen.findByRole('button', { name: 'My password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change my password' });
    const $ = within(dialog);
    await userEvent.type($.getByLabelText('Current Password'), 'not-my-password');
    await userEvent.type($.getByLabelText('New Password'), 'eddie-second-password');
    await userEvent.click($.getByRole('button', { name: 'Change Password' }));
    expect(await $.findByText(AccountMessages.currentWrong)).toBeTruthy();
    expect(($.getByLabelText('New Password') as HTMLInputElement).value).toBe('eddie-second-password');
    await userEvent.clear($.getByLabelText('Current Password'));
    await userEvent.type($.getByLabelText('Current Password'), 'eddie-edits-every-day');
    await userEvent.click($.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change my password' })).toBeNull());
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { currentPassword: 'not-my-password', newPassword: 'eddie-second-password' },
      { currentPassword: 'eddie-edits-every-day', newPassword: 'eddie-second-password' },
    ]);
  });

  it('a link to a tab the role may not use shows the Overview and says why', async () => {
    const api = fakeApi({ [AdminRoutes.session]: ok(EDITOR_SESSION), ...LISTS });
    vi.stubGlobal('fetch', api.fetch);
    renderRoot('/cms?tab=staff');
    expect(
      await screen.findByText(
        'The Staff tab is for admins: you are signed in as an editor, so the Overview is shown instead.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
  });
});
