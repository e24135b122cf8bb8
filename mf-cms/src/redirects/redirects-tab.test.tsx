import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REDIRECTS_PATH, RedirectMessages } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { RedirectsTab } from './redirects-tab';

const row = {
  id: 1,
  fromPath: '/blog/old-name',
  toPath: '/blog/new-name',
  source: 'slug',
  hits: 3,
  lastHitAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};

function renderTab(api: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({ [REDIRECTS_PATH]: ok([row]), ...api });
  renderScreen(
    <>
      <RedirectsTab />
      <Toaster />
    </>,
  );
  return fake;
}

describe('CMS Redirects tab', () => {
  it('lists each redirect with its hits, and adds one; a loop shows the server’s words at the field', async () => {
    const fake = renderTab({
      [`POST ${REDIRECTS_PATH}`]: (body) =>
        (body as { to: string }).to === '/blog/old-name'
          ? { status: 400, body: { message: RedirectMessages.loop, fields: { to: RedirectMessages.loop } } }
          : { status: 201, body: { ...row, id: 2, fromPath: '/old', toPath: '/contact', source: 'manual' } },
    });
    const list = await screen.findByRole('list', { name: 'Redirects' });
    expect(within(list).getByText(/\/blog\/old-name/).textContent).toContain('/blog/new-name');
    expect(list.textContent).toContain('3 hits');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Old address'), '/blog/new-name');
    await user.type(screen.getByLabelText('New address'), '/blog/old-name');
    await user.click(screen.getByRole('button', { name: 'Add redirect' }));
    expect((await screen.findByText(RedirectMessages.loop)).closest('[role="alert"]')).not.toBeNull();

    await user.clear(screen.getByLabelText('Old address'));
    await user.type(screen.getByLabelText('Old address'), '/old');
    await user.clear(screen.getByLabelText('New address'));
    await user.type(screen.getByLabelText('New address'), '/contact');
    await user.click(screen.getByRole('button', { name: 'Add redirect' }));
    expect(await screen.findByText('Redirect added')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { from: '/blog/new-name', to: '/blog/old-name' },
      { from: '/old', to: '/contact' },
    ]);
  });

  it('imports a CSV file and says what was refused; the export is a download of the CSV', async () => {
    const fake = renderTab({
      [`POST ${REDIRECTS_PATH}/import`]: ok({
        added: 1,
        refused: [{ line: 3, from: 'x', to: '/y', message: 'Give the old address as a path' }],
      }),
    });
    await screen.findByRole('list', { name: 'Redirects' });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `${REDIRECTS_PATH}.csv`,
    );
    const csv = 'from,to\r\n/a,/b\r\nx,/y\r\n';
    await userEvent.upload(
      screen.getByLabelText('Import CSV'),
      new File([csv], 'redirects.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('1 redirect imported')).toBeTruthy();
    expect(screen.getByText(/1 not imported \(line 3: Give the old address as a path\)/)).toBeTruthy();
    expect(fake.calls.find((c) => c.url === `${REDIRECTS_PATH}/import`)?.body).toEqual({ csv });
  });
});
