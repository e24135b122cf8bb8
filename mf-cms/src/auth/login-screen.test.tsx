import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminMessages, AdminRoutes } from '@agency/contracts';
import { fakeApi, ok, renderScreen, type FakeAnswer, type FakeRoute } from '@agency/ui/testing';
import { CmsRoot } from '../app/cms-root';
import { SESSION_FLAG } from './session';

const SIGNED_OUT: FakeAnswer = { status: 401, body: { message: 'Not signed in' } };
const SESSION = ok({ authenticated: true, passwordFromEnvironment: false });

/** The CMS at /cms with a fake API; sign-in posts through `fetch`, so that goes to the same fake. */
function openCms(auth: FakeRoute, session: () => FakeAnswer = () => SIGNED_OUT) {
  const api = fakeApi({
    [AdminRoutes.session]: session,
    [`POST ${AdminRoutes.auth}`]: auth,
    [AdminRoutes.pages]: ok([]),
    [AdminRoutes.services]: ok([]),
    [AdminRoutes.contentBlocks]: ok([]),
    [AdminRoutes.siteSettings]: ok([]),
  });
  vi.stubGlobal('fetch', api.fetch);
  renderScreen(<CmsRoot />, { path: '/cms' });
  return api;
}

const signIn = async (password: string) => {
  const field = await screen.findByLabelText('Password');
  if (password) await userEvent.type(field, password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
};

/** What the server sets beside the session cookie at sign-in (STAFF_SIGNED_IN_COOKIE). */
const signedInHint = (on: boolean) => {
  document.cookie = on ? 'staff_signed_in=1; path=/' : 'staff_signed_in=; path=/; max-age=0';
};

describe('CMS sign-in', () => {
  beforeEach(() => {
    sessionStorage.clear();
    signedInHint(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a browser that never signed in gets the password screen at once, asking the server nothing (no red 401)', async () => {
    const api = openCms(ok({}));
    expect(await screen.findByRole('heading', { name: 'Content Management' })).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.queryByText(/default password/i)).toBeNull();
    expect(api.calls.filter((c) => c.url.includes(AdminRoutes.session))).toEqual([]);
  });

  it('with the signed-in hint it asks for the session first; a session that is gone shows the password screen', async () => {
    signedInHint(true);
    const api = openCms(ok({}));
    expect(screen.getByText('Checking your session...')).toBeTruthy();
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(api.calls.filter((c) => c.url.includes(AdminRoutes.session))).toHaveLength(1);
  });

  it('an empty password shows "Password is required" and sends nothing', async () => {
    const api = openCms(ok({}));
    await signIn('');
    expect(await screen.findByText(AdminMessages.password)).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('a refused password shows "Invalid password" and stays on the password screen', async () => {
    openCms({ status: 401, body: { message: 'Invalid password' } });
    await signIn('wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(sessionStorage.getItem(SESSION_FLAG)).toBeNull();
  });

  it('a disabled account’s correct password says so and who can help, not "Invalid password" (issue 41 defect 6)', async () => {
    openCms({ status: 403, body: { message: 'This account is disabled. Ask an admin to enable it.' } });
    await screen.findByLabelText('Password');
    await signIn('the-right-password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This account is disabled. Ask an admin to enable it.',
    );
    expect(sessionStorage.getItem(SESSION_FLAG)).toBeNull();
  });

  it('a rate limit says "Invalid password" and asks to wait', async () => {
    openCms({ status: 429, body: { message: 'Too many attempts' } });
    await signIn('again');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid password. Too many attempts: please wait a few minutes.',
    );
  });

  it('a request that fails outright shows "Authentication failed"', async () => {
    openCms('network-error');
    await signIn('any-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication failed');
  });

  it('sends the typed password to the auth endpoint', async () => {
    const api = openCms({ status: 401, body: {} });
    await signIn('s3cret-pass');
    await screen.findByRole('alert');
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: AdminRoutes.auth,
      body: { password: 's3cret-pass' },
    });
  });

  it('an accepted password sets the session flag and opens the CMS', async () => {
    let signedIn = false;
    openCms(
      () => {
        signedIn = true;
        return ok({ ok: true });
      },
      () => (signedIn ? SESSION : SIGNED_OUT),
    );
    await signIn('correct-horse-battery');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview' })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(SESSION_FLAG)).toBe('true'));
  });

  it('with a live session the CMS opens directly', async () => {
    signedInHint(true);
    openCms(ok({}), () => SESSION);
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('when the session check fails, says the server could not be reached and offers Retry', async () => {
    signedInHint(true);
    openCms(ok({}), () => ({ status: 500, body: { message: 'down' } }));
    expect((await screen.findByRole('alert')).textContent).toBe('The server could not be reached.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
