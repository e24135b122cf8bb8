import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRoutes, type PublicPage } from '@agency/contracts/browser';
import { SITE_SETTINGS_URL } from '@agency/ui';
import { fakeApi, ok, renderScreen, serverError } from '@agency/ui/testing';
import { CmsPage } from './cms-page';

const PAGE: PublicPage = {
  id: 4,
  name: 'Privacy',
  slug: 'privacy',
  title: 'Privacy Policy',
  metaTitle: 'Privacy | Agency',
  metaDescription: 'How we handle your data.',
  content: { body: '## What we keep\n\nYour **e-mail**, nothing more.\n\n<img src=x onerror="alert(1)">' },
  template: 'default',
  updatedAt: '2026-05-10T08:00:00.000Z',
};

const renderPage = (slug: string) => renderScreen(<CmsPage />, { path: `/${slug}`, route: '/:slug' });

const expectNotFound = async () => {
  expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
};

describe('CmsPage', () => {
  afterEach(() => {
    document.title = '';
    document.head.querySelector('meta[name="description"]')?.remove();
  });

  it('while loading shows an announced skeleton', () => {
    fakeApi({ [ApiRoutes.pages('privacy')]: 'pending' });
    renderPage('privacy');
    expect(screen.getByRole('status').textContent).toContain('Loading page…');
  });

  it('an unknown or unpublished page (404) shows "Page Not Found"', async () => {
    fakeApi({});
    renderPage('missing');
    await expectNotFound();
  });

  it('a server error shows "Page Not Found"', async () => {
    fakeApi({ [ApiRoutes.pages('privacy')]: serverError });
    renderPage('privacy');
    await expectNotFound();
  });

  it('a malformed slug is not fetched', async () => {
    const api = fakeApi({});
    renderPage('Bad_Slug');
    await expectNotFound();
    expect(api.calls).toHaveLength(0);
  });

  it('a page shows its title, last-updated date and markdown body, sanitized', async () => {
    fakeApi({ [ApiRoutes.pages('privacy')]: ok(PAGE) });
    renderPage('privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('May 10, 2026').getAttribute('datetime')).toBe(PAGE.updatedAt);
    expect(screen.getByRole('heading', { level: 2, name: 'What we keep' })).toBeTruthy();
    expect(screen.getByText('e-mail').tagName).toBe('STRONG');
    expect(screen.getByTestId('page-body').innerHTML).not.toContain('onerror');
  });

  it('fills {{retentionMonths}} with the period the site settings name (issue 39 item 4)', async () => {
    const body =
      '- Contact requests and resource leads: up to {{retentionMonths}} months after our last contact with you.';
    fakeApi({
      [ApiRoutes.pages('privacy')]: ok({ ...PAGE, content: { body } }),
      [SITE_SETTINGS_URL]: ok({ leadRetentionMonths: 18 }),
    });
    renderPage('privacy');
    const item = await screen.findByText(/up to 18 months after our last contact with you/);
    expect(item.tagName).toBe('LI');
    expect(screen.getByTestId('page-body').textContent).not.toContain('{{');
  });

  // The document head is the server's and the shell's (one owner): the page itself never writes it.
  it('a page with no body still renders, and leaves the document title alone', async () => {
    document.title = 'Set by the server';
    fakeApi({ [ApiRoutes.pages('privacy')]: ok({ ...PAGE, metaTitle: '', content: {} }) });
    renderPage('privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(document.title).toBe('Set by the server');
    expect(screen.getByTestId('page-body').innerHTML).toBe('');
  });
});
