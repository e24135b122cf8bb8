import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, ResourceLeadMessages, ResourceRoutes, type Resource } from '@agency/contracts/browser';
import { Toaster } from '@agency/ui/toaster';
import { fakeApi, ok, renderScreen, serverError, type FakeAnswer, type FakeRoute } from '@agency/ui/testing';
import { ResourcesPage } from './resources-page';

const GATED: Resource = {
  id: 1,
  title: 'SEO Playbook',
  description: 'Everything we do for SEO.',
  type: 'ebook',
  gated: true,
  downloadCount: 1234,
};
const FREE: Resource = {
  id: 2,
  title: 'Launch Checklist',
  description: 'Before you go live.',
  type: 'checklist',
  gated: false,
  fileUrl: '/api/resources/2/download',
  downloadCount: 5,
};
const ODD: Resource = {
  id: 3,
  title: 'Mystery',
  description: 'Unknown type.',
  type: 'podcast',
  gated: false,
};

const renderPage = (list: FakeAnswer, extra: Record<string, FakeRoute> = {}) => {
  const api = fakeApi({ [ApiRoutes.resources]: list, ...extra });
  renderScreen(
    <>
      <ResourcesPage />
      <Toaster />
    </>,
  );
  return api;
};

const card = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest<HTMLElement>(
    '[data-testid="resource-card"]',
  )!;

const openDialog = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Get Free Access: SEO Playbook' }));
  return screen.findByRole('dialog', { name: 'Get Free Access' });
};

describe('ResourcesPage', () => {
  it('while loading shows the hero and a skeleton of 6 cards', () => {
    renderPage('pending');
    expect(screen.getByRole('heading', { level: 1, name: 'Free Marketing Resources' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading resources…');
    expect(screen.getAllByTestId('resource-skeleton')).toHaveLength(6);
  });

  it('an API error: "Unable to Load Resources" with Return Home', async () => {
    renderPage(serverError);
    expect(await screen.findByRole('heading', { name: 'Unable to Load Resources' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });

  it('no items: "Resources Coming Soon" with links to /contact and /blog', async () => {
    renderPage(ok([]));
    expect(await screen.findByRole('heading', { name: 'Resources Coming Soon' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Read Our Blog' }).getAttribute('href')).toBe('/blog');
  });

  it('lists the five type tiles in Resource Categories', async () => {
    renderPage(ok([]));
    const section = (await screen.findByRole('heading', { name: 'Resource Categories' })).closest('section')!;
    const tiles = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(tiles).toEqual(['E-Book', 'Whitepaper', 'Guide', 'Checklist', 'Template']);
  });

  it('a gated card: type label, lock, count, "Email Required" and a Get Free Access button', async () => {
    renderPage(ok([GATED, FREE, ODD]));
    const gated = await card('SEO Playbook');
    expect(within(gated).getByText('E-Book')).toBeTruthy();
    expect(within(gated).getByText('Locked')).toBeTruthy();
    expect(within(gated).getByTestId('download-count').textContent).toBe('1,234 downloads');
    expect(within(gated).getByText('Email Required')).toBeTruthy();
    expect(within(gated).queryByRole('link', { name: /Download Now/ })).toBeNull();
  });

  it('a free card: "Free Download" and Download Now opening the file in a new tab', async () => {
    renderPage(ok([GATED, FREE, ODD]));
    const free = await card('Launch Checklist');
    expect(within(free).getByText('Checklist')).toBeTruthy();
    expect(within(free).queryByText('Locked')).toBeNull();
    expect(within(free).getByText('Free Download')).toBeTruthy();
    const link = within(free).getByRole('link', { name: /Download Now/ });
    expect(link.getAttribute('href')).toBe('/api/resources/2/download');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('an unknown type is shown as a Guide, and a missing count as 0 downloads', async () => {
    renderPage(ok([GATED, FREE, ODD]));
    const odd = await card('Mystery');
    expect(within(odd).getByText('Guide')).toBeTruthy();
    expect(within(odd).getByTestId('download-count').textContent).toBe('0 downloads');
  });

  it('Download Now counts the download on the card at once', async () => {
    renderPage(ok([FREE]));
    const free = await card('Launch Checklist');
    const link = within(free).getByRole('link', { name: /Download Now/ });
    link.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(link);
    expect(within(free).getByTestId('download-count').textContent).toBe('6 downloads');
  });

  it('Get Free Access opens a dialog naming the resource with an empty lead form', async () => {
    renderPage(ok([GATED]));
    const dialog = await openDialog();
    expect(within(dialog).getByText('SEO Playbook')).toBeTruthy();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('an empty lead form shows both spec messages, marks the fields and sends nothing', async () => {
    const api = renderPage(ok([GATED]));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get Instant Access' }));
    expect(await within(dialog).findByText(ResourceLeadMessages.name)).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('an invalid e-mail is refused and the typed text stays', async () => {
    renderPage(ok([GATED]));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ana');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get Instant Access' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    expect(within(dialog).queryByText(ResourceLeadMessages.name)).toBeNull();
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('ana@');
  });

  it('a valid lead is posted, the dialog closes and a toast says the download started', async () => {
    const api = renderPage(ok([GATED]), {
      [`POST ${ResourceRoutes.leads(1)}`]: ok({ url: '#download' }),
    });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ana');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get Instant Access' }));
    expect(await screen.findByText('Your download has started')).toBeTruthy();
    expect(screen.getByText('Thanks, Ana! Enjoy SEO Playbook.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(ResourceRoutes.leads(1));
    expect(post.body).toMatchObject({ name: 'Ana', email: 'ana@example.com' });
  });

  it('a 400 with field messages shows them beside the fields and an error toast; the dialog stays', async () => {
    renderPage(ok([GATED]), {
      [`POST ${ResourceRoutes.leads(1)}`]: {
        status: 400,
        body: { message: 'Invalid input', fields: { email: 'That domain does not accept mail' } },
      },
    });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ana');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get Instant Access' }));
    expect(await within(dialog).findByText('That domain does not accept mail')).toBeTruthy();
    expect(await screen.findByText('We could not prepare your download. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Get Free Access' })).toBeTruthy();
  });
});
