import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminRoutes, type AdminSession } from '@agency/contracts';
import { fakeApi, ok, renderScreen, type FakeAnswer } from '@agency/ui/testing';
import { CmsRoot } from '../app/cms-root';
import { adminSend } from '../shared/admin-api';
import { ReauthDialog } from './reauth-dialog';

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

describe('CMS accounts (issue 24)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('an editor sees the content tabs and their name, not Releases, Settings, Staff or Audit', async () => {
    const api = fakeApi({ [AdminRoutes.session]: ok(EDITOR_SESSION), ...LISTS });
    vi.stubGlobal('fetch', api.fetch);
    renderScreen(<CmsRoot />, { path: '/cms' });
    await screen.findByRole('tab', { name: 'Overview' });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toContain('Blog');
    expect(tabs).toContain('Media');
    expect(tabs).toContain('Leads');
    for (const hidden of ['Releases', 'Settings', 'Staff', 'Audit']) expect(tabs).not.toContain(hidden);
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Signed in as Eddie Editor');
    expect(screen.queryByRole('button', { name: 'Site Settings' })).toBeNull();
  });

  it('signs in with the e-mail address when one is given (the password alone: login-screen.test.tsx)', async () => {
    const api = fakeApi({
      [AdminRoutes.session]: { status: 401, body: {} },
      [`POST ${AdminRoutes.auth}`]: { status: 401, body: {} },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderScreen(<CmsRoot />, { path: '/cms' });
    await userEvent.type(await screen.findByLabelText('E-mail (personal accounts)'), 'eddie@agency.test');
    await userEvent.type(screen.getByLabelText('Password'), 'eddie-edits-every-day');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { email: 'eddie@agency.test', password: 'eddie-edits-every-day' },
    ]);
  });

  it('a 401 asks for the password over the screen, then runs the waiting save again with the same body', async () => {
    let signedIn = false;
    const saves: unknown[] = [];
    const api = fakeApi({
      [`POST ${AdminRoutes.auth}`]: () => {
        signedIn = true;
        return ok({ authenticated: true });
      },
      'PUT /api/admin/pages/1': (body): FakeAnswer => {
        saves.push(body);
        return signedIn
          ? ok({ id: 1, title: 'Kept' })
          : { status: 401, body: { message: 'Authentication required' } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    function Saver() {
      const [saved, setSaved] = useState('');
      return (
        <>
          <ReauthDialog session={EDITOR_SESSION} />
          <button
            type="button"
            onClick={() =>
              void adminSend<{ title: string }>('PUT', '/api/admin/pages/1', { title: 'Kept' }).then((r) =>
                setSaved(r.title),
              )
            }
          >
            Save
          </button>
          <output>{saved}</output>
        </>
      );
    }
    renderScreen(<Saver />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session has ended' });
    expect((within(dialog).getByLabelText('E-mail (personal accounts)') as HTMLInputElement).value).toBe(
      'eddie@agency.test',
    );
    // Focus starts where the person types, and a click beside the dialog does not sign them out.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Password')));
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole('alertdialog', { name: 'Your session has ended' })).toBe(dialog);
    await userEvent.type(within(dialog).getByLabelText('Password'), 'eddie-edits-every-day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in and continue' }));
    await waitFor(() => expect(screen.getByRole('status', { hidden: true }).textContent).toBe('Kept'));
    expect(saves).toEqual([{ title: 'Kept' }, { title: 'Kept' }]);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'eddie@agency.test',
      password: 'eddie-edits-every-day',
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a refused sign-in in that dialog says what the sign-in screen says, and keeps the dialog open', async () => {
    const answers: FakeAnswer[] = [
      { status: 401, body: { message: 'Invalid password' } },
      { status: 429, body: { message: 'Too many sign-in attempts. Please try again later.' } },
    ];
    const api = fakeApi({
      [`POST ${AdminRoutes.auth}`]: () => answers.shift()!,
      'PUT /api/admin/pages/1': { status: 401, body: { message: 'Authentication required' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderScreen(
      <>
        <ReauthDialog session={EDITOR_SESSION} />
        <button type="button" onClick={() => void adminSend('PUT', '/api/admin/pages/1', {}).catch(() => {})}>
          Save
        </button>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session has ended' });
    const send = async () => {
      await userEvent.clear(within(dialog).getByLabelText('Password'));
      await userEvent.type(within(dialog).getByLabelText('Password'), 'not-the-password');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in and continue' }));
    };
    await send();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid password');
    await send();
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Invalid password. Too many attempts: please wait a few minutes.',
      ),
    );
    expect(screen.getByRole('alertdialog', { name: 'Your session has ended' })).toBe(dialog);
  });
});
