import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StaffRoutes, type StaffUser } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { StaffTab } from './staff-tab';

const EDDIE: StaffUser = {
  id: 4,
  email: 'eddie@agency.test',
  name: 'Eddie Editor',
  role: 'editor',
  disabled: false,
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderStaff(users: StaffUser[]) {
  let stored = users;
  const api = fakeApi({
    [StaffRoutes.users]: () => ok(stored),
    [`PATCH ${StaffRoutes.user(EDDIE.id)}`]: (body) => {
      stored = stored.map((u) => (u.id === EDDIE.id ? { ...u, ...(body as object) } : u));
      return ok(stored.find((u) => u.id === EDDIE.id));
    },
  });
  renderScreen(
    <>
      <StaffTab />
      <Toaster />
    </>,
  );
  return api;
}

const patches = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'PATCH');

/** Issue 41 defect 6: disabling an account asks first, naming the person. */
describe('Staff tab: disabling an account', () => {
  it('asks first, naming the person; Cancel sends nothing', async () => {
    const api = renderStaff([EDDIE]);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    const question = await screen.findByRole('alertdialog', { name: 'Disable Eddie Editor?' });
    expect(within(question).getByText(/eddie@agency\.test/)).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(patches(api)).toEqual([]);
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it('confirmed, disables the account and says so; Enable needs no question', async () => {
    const api = renderStaff([EDDIE]);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    const question = await screen.findByRole('alertdialog', { name: 'Disable Eddie Editor?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Disable Eddie Editor' }));
    expect(await screen.findByText('Eddie Editor disabled')).toBeTruthy();
    expect(patches(api).map((c) => c.body)).toEqual([{ disabled: true }]);
    expect(await screen.findByText('Disabled')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Eddie Editor enabled')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(patches(api).map((c) => c.body)).toEqual([{ disabled: true }, { disabled: false }]);
  });
});
