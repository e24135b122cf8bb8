import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminRoutes, type AdminSession } from '@agency/contracts';
import { fakeApi, ok, renderScreen, type FakeAnswer } from '@agency/ui/testing';
import { TooltipProvider } from '@agency/ui/tooltip';
import { CmsRoot } from '../app/cms-root';
import { adminSend } from '../shared/admin-api';
import { ReauthDialog } from './reauth-dialog';

const EDITOR_SESSION: AdminSession = {
  authenticated: true,
  passwordFromEnvironment: false,
  user: { id: 3, name: 'Eddie Editor', email: 'eddie@agency.test', role: 'editor' },
};
const ADMIN_SESSION: AdminSession = {
  authenticated: true,
  passwordFromEnvironment: false,
  user: { id: 5, name: 'Ada Admin', email: 'ada@agency.test', role: 'admin' },
};
const at = '2026-01-01T00:00:00.000Z';
const PAGE = {
  id: 3,
  name: 'Privacy',
  slug: 'privacy',
  title: 'Privacy Policy',
  template: 'default',
  metaTitle: '',
  metaDescription: '',
  socialImageUrl: null,
  content: { body: '' },
  published: true,
  publishedAt: null,
  createdAt: at,
  updatedAt: at,
};
const LISTS = {
  [AdminRoutes.pages]: ok([]),
  [AdminRoutes.services]: ok([]),
  [AdminRoutes.contentBlocks]: ok([]),
  [AdminRoutes.siteSettings]: ok([]),
};

describe('CMS accounts (issue 24)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    // A browser that signed in: the server's hint beside the session cookie (STAFF_SIGNED_IN_COOKIE).
    document.cookie = 'staff_signed_in=1; path=/';
  });
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
      // The same account as before the session ended.
      [AdminRoutes.session]: () => (signedIn ? ok(EDITOR_SESSION) : { status: 401, body: {} }),
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

  it('another account signing in there does not get the waiting save: it stays the first account’s draft', async () => {
    let session: AdminSession | null = EDITOR_SESSION;
    let expired = false;
    const saves: unknown[] = [];
    const api = fakeApi({
      [AdminRoutes.session]: () => (session ? ok(session) : { status: 401, body: {} }),
      [`POST ${AdminRoutes.auth}`]: () => {
        session = ADMIN_SESSION;
        expired = false;
        return ok({ authenticated: true });
      },
      'PUT /api/admin/pages/3': (body): FakeAnswer => {
        saves.push(body);
        return expired ? { status: 401, body: { message: 'Authentication required' } } : ok(PAGE);
      },
      ...LISTS,
      [AdminRoutes.pages]: ok([PAGE]),
      [`${AdminRoutes.pages}/${PAGE.id}`]: ok(PAGE),
      [AdminRoutes.media]: ok([]),
    });
    vi.stubGlobal('fetch', api.fetch);
    const open = () =>
      renderScreen(
        <TooltipProvider>
          <CmsRoot />
        </TooltipProvider>,
        { path: '/cms?tab=pages&item=3' },
      );
    open();
    const editor = await screen.findByRole('dialog', { name: 'Edit Page' });
    await userEvent.type(within(editor).getByLabelText('Page Title'), ' (Eddie was here)');
    // Eddie's session ends; his save waits for a sign-in, and Ada signs in on this browser.
    expired = true;
    session = null;
    await userEvent.click(within(editor).getByRole('button', { name: 'Save Page' }));
    const reauth = await screen.findByRole('alertdialog', { name: 'Your session has ended' });
    await userEvent.clear(within(reauth).getByLabelText('E-mail (personal accounts)'));
    await userEvent.type(within(reauth).getByLabelText('E-mail (personal accounts)'), 'ada@agency.test');
    await userEvent.type(within(reauth).getByLabelText('Password'), 'ada-administers-all');
    await userEvent.click(within(reauth).getByRole('button', { name: 'Sign in and continue' }));

    // The CMS is Ada's now, and opens the item afresh: the stored version, nothing of Eddie's offered.
    await waitFor(() =>
      expect(screen.getByTestId('signed-in-as').textContent).toBe('Signed in as Ada Admin'),
    );
    expect(screen.queryByRole('alertdialog', { name: 'Your session has ended' })).toBeNull();
    const fresh = await screen.findByRole('dialog', { name: 'Edit Page' });
    expect((within(fresh).getByLabelText('Page Title') as HTMLInputElement).value).toBe('Privacy Policy');
    expect(within(fresh).queryByRole('button', { name: 'Restore unsaved changes' })).toBeNull();
    // Eddie's save was sent once (refused) and never again under Ada's session.
    expect(saves).toEqual([expect.objectContaining({ title: 'Privacy Policy (Eddie was here)' })]);
    const keys = Object.keys(localStorage).filter((k) => k.startsWith('cms-draft:'));
    expect(keys).toEqual(['cms-draft:user:3:/api/admin/pages/3']);

    // When Eddie signs in here again, his text is offered back to him.
    cleanup();
    session = EDITOR_SESSION;
    open();
    const his = await screen.findByRole('dialog', { name: 'Edit Page' });
    await userEvent.click(within(his).getByRole('button', { name: 'Restore unsaved changes' }));
    expect((within(his).getByLabelText('Page Title') as HTMLInputElement).value).toBe(
      'Privacy Policy (Eddie was here)',
    );
  });

  it('"Sign out instead" leaves the draft under the account that typed it, offered to nobody else', async () => {
    let session: AdminSession | null = EDITOR_SESSION;
    const api = fakeApi({
      [AdminRoutes.session]: () => (session ? ok(session) : { status: 401, body: {} }),
      'PUT /api/admin/pages/3': { status: 401, body: { message: 'Authentication required' } },
      ...LISTS,
      [AdminRoutes.pages]: ok([PAGE]),
      [`${AdminRoutes.pages}/${PAGE.id}`]: ok(PAGE),
      [AdminRoutes.media]: ok([]),
    });
    vi.stubGlobal('fetch', api.fetch);
    const open = () =>
      renderScreen(
        <TooltipProvider>
          <CmsRoot />
        </TooltipProvider>,
        { path: '/cms?tab=pages&item=3' },
      );
    open();
    const editor = await screen.findByRole('dialog', { name: 'Edit Page' });
    await userEvent.type(within(editor).getByLabelText('Page Title'), ' draft');
    session = null;
    await userEvent.click(within(editor).getByRole('button', { name: 'Save Page' }));
    const reauth = await screen.findByRole('alertdialog', { name: 'Your session has ended' });
    await userEvent.click(within(reauth).getByRole('button', { name: 'Sign out instead' }));
    await screen.findByRole('button', { name: 'Sign In' });
    expect(Object.keys(localStorage).filter((k) => k.startsWith('cms-draft:'))).toEqual([
      'cms-draft:user:3:/api/admin/pages/3',
    ]);
    // The next person on this browser signs in with their own account: not offered Eddie's text.
    cleanup();
    session = ADMIN_SESSION;
    open();
    const theirs = await screen.findByRole('dialog', { name: 'Edit Page' });
    expect((within(theirs).getByLabelText('Page Title') as HTMLInputElement).value).toBe('Privacy Policy');
    expect(within(theirs).queryByRole('button', { name: 'Restore unsaved changes' })).toBeNull();
  });
});
