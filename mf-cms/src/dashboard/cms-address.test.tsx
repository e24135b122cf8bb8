import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminRoutes } from '@agency/contracts';
import { useLocation, useNavigate } from '@agency/ui/router';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { CmsDashboard } from './cms-dashboard';

const at = '2026-01-01T00:00:00.000Z';
const PAGE = { id: 3, name: 'Privacy', slug: 'privacy', title: 'Privacy Policy', template: 'default' };
Object.assign(PAGE, { metaTitle: '', metaDescription: '', socialImageUrl: null, content: { body: '' } });
Object.assign(PAGE, { published: true, publishedAt: null, createdAt: at, updatedAt: at });

/** The address bar and the browser's Back button, as the shell's router has them. */
function Browser() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{location.pathname + location.search}</output>
      <button type="button" data-testid="back" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

function open(path: string) {
  fakeApi({
    [AdminRoutes.pages]: ok([PAGE]),
    [`${AdminRoutes.pages}/3`]: ok(PAGE),
    [AdminRoutes.media]: ok([]),
  });
  renderScreen(
    <TooltipProvider>
      <CmsDashboard session={{ authenticated: true, passwordFromEnvironment: false }} />
      <Browser />
    </TooltipProvider>,
    { path },
  );
}

const address = () => screen.getByTestId('address').textContent;
const selectedTab = () =>
  screen.getAllByRole('tab', { hidden: true }).find((t) => t.getAttribute('aria-selected') === 'true')
    ?.textContent;

describe('the CMS address', () => {
  it('a link to a tab and an item opens that tab with the item in its editor', async () => {
    open('/cms?tab=pages&item=3');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Page' });
    expect((within(dialog).getByLabelText('Page Title') as HTMLInputElement).value).toBe('Privacy Policy');
    expect(selectedTab()).toBe('Pages');
  });

  it('follows the tab and the open item, and Back walks back through them inside the CMS', async () => {
    open('/cms');
    expect(address()).toBe('/cms');
    await userEvent.click(screen.getByRole('tab', { name: 'Blog' }));
    await waitFor(() => expect(address()).toBe('/cms?tab=blog'));
    await userEvent.click(screen.getByRole('tab', { name: 'Pages' }));
    await waitFor(() => expect(address()).toBe('/cms?tab=pages'));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Privacy Policy' }));
    await screen.findByRole('dialog', { name: 'Edit Page' });
    expect(address()).toBe('/cms?tab=pages&item=3');

    fireEvent.click(screen.getByTestId('back'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(address()).toBe('/cms?tab=pages');
    fireEvent.click(screen.getByTestId('back'));
    await waitFor(() => expect(selectedTab()).toBe('Blog'));
    expect(address()).toBe('/cms?tab=blog');
  });

  it('Back away from unsaved changes asks first; Keep editing keeps the editor and its address', async () => {
    open('/cms?tab=pages');
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Page' });
    expect(address()).toBe('/cms?tab=pages&item=new');
    await userEvent.type(within(dialog).getByLabelText('Page Name'), 'Half done');

    fireEvent.click(screen.getByTestId('back'));
    const question = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(address()).toBe('/cms?tab=pages&item=new'));
    expect((within(dialog).getByLabelText('Page Name') as HTMLInputElement).value).toBe('Half done');
  });

  it.each(['/cms?tab=nope', '/cms?tab=settings'])(
    'an unknown tab, or one the role does not see, is the Overview: %s for an editor',
    async (path) => {
      const editor = { id: 2, email: 'e@example.com', name: 'Eddie Editor', role: 'editor' } as const;
      fakeApi({});
      const session = { authenticated: true, passwordFromEnvironment: false, user: editor } as const;
      renderScreen(<CmsDashboard session={session} />, { path });
      expect(selectedTab()).toBe('Overview');
    },
  );
});
