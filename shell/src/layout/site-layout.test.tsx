import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiRoutes } from '@agency/contracts/browser';
import { SITE_SETTINGS_URL } from '@agency/ui';
import { configureRemoteLoader } from '@agency/ui/remote-module';
import { fakeApi, ok, serverError, type FakeAnswer } from '@agency/ui/testing';
import { SiteLayout } from './site-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { SITE_ROUTES, navLinks } from '@agency/contracts/site-routes';
import { isNavLinkActive } from './nav-links';

// The footer's newsletter band is mf-contact's (tested there); here it stays in its loading state.
configureRemoteLoader(() => new Promise(() => {}));

/** The shell's public layout at `path`, with the 404 page as its only child route. */
function renderSite(path: string, api: { services?: FakeAnswer; settings?: FakeAnswer } = {}) {
  fakeApi({
    [ApiRoutes.services]: api.services ?? ok([]),
    [SITE_SETTINGS_URL]: api.settings ?? 'pending',
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route path="/blog" element={<p>Blog page</p>} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The spec's footer copyright year (a constant, section 10). */
const THIS_YEAR = 2024;

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const hrefs = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('Header', () => {
  it('has the wordmark to /, the five links in spec order and Get Started to /contact', () => {
    renderSite('/blog');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Distilled Digital home' }).getAttribute('href')).toBe(
      '/',
    );
    expect(hrefs(mainNav())).toEqual([
      ['Services', '/services'],
      ['About', '/about'],
      ['Case Studies', '/case-studies'],
      ['Blog', '/blog'],
      ['Resources', '/resources'],
    ]);
    expect(within(header).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/contact');
    expect(within(header).getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
  });

  it('marks the link of the current section, also on a sub-path', () => {
    renderSite('/blog');
    expect(within(mainNav()).getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
    expect(within(mainNav()).getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBeNull();
  });

  it('isNavLinkActive: home only on /, others by prefix', () => {
    expect(isNavLinkActive('/', '/')).toBe(true);
    expect(isNavLinkActive('/', '/blog')).toBe(false);
    expect(isNavLinkActive('/services', '/services/seo')).toBe(true);
    expect(
      navLinks(SITE_ROUTES, 'header')
        .filter((l) => isNavLinkActive(l.href, '/case-studies/x'))
        .map((l) => l.label),
    ).toEqual(['Case Studies']);
  });

  it('the menu button opens a drawer with the same links and Get Started; a link closes it', async () => {
    renderSite('/blog');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const mobile = within(drawer).getByRole('navigation', { name: 'Mobile' });
    expect(hrefs(mobile)).toEqual([
      ['Services', '/services'],
      ['About', '/about'],
      ['Case Studies', '/case-studies'],
      ['Blog', '/blog'],
      ['Resources', '/resources'],
      ['Get Started', '/contact'],
    ]);
    await userEvent.click(within(mobile).getByRole('link', { name: 'About' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('the drawer has its own Close control', async () => {
    renderSite('/blog');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});

describe('Footer', () => {
  it('has the newsletter band, company links, the copyright line and the seeded site name meanwhile', () => {
    renderSite('/blog');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'Get growth insights in your inbox' })).toBeTruthy();
    expect(footer.querySelector('#newsletter')).toBeTruthy();
    expect(hrefs(within(footer).getByRole('navigation', { name: 'Company' }))).toEqual([
      ['About', '/about'],
      ['Case Studies', '/case-studies'],
      ['Blog', '/blog'],
      ['Resources', '/resources'],
      ['Contact', '/contact'],
      ['Privacy Policy', '/privacy'],
    ]);
    expect(within(footer).getByText(`© ${THIS_YEAR} Distilled Digital. All rights reserved.`)).toBeTruthy();
  });

  it('shows the e-mail and phone from the site settings', async () => {
    renderSite('/blog', {
      settings: ok({
        siteName: 'Acme Growth',
        contactEmail: 'hello@acme.example',
        contactPhone: '+1 (555) 010-2030',
      }),
    });
    const footer = screen.getByRole('contentinfo');
    const contact = await within(footer).findByRole('list', { name: 'Contact details' });
    await within(contact).findByText('hello@acme.example');
    expect(hrefs(contact)).toEqual([
      ['hello@acme.example', 'mailto:hello@acme.example'],
      ['+1 (555) 010-2030', 'tel:+15550102030'],
    ]);
  });

  it('leaves the phone out when the settings have none', async () => {
    renderSite('/blog', { settings: ok({ contactEmail: 'team@acme.example', contactPhone: '' }) });
    const footer = screen.getByRole('contentinfo');
    const contact = await within(footer).findByRole('list', { name: 'Contact details' });
    await within(contact).findByText('team@acme.example');
    expect(hrefs(contact)).toEqual([['team@acme.example', 'mailto:team@acme.example']]);
  });

  it('lists the published services in the Services column', async () => {
    renderSite('/blog', {
      services: ok([
        { id: 1, title: 'SEO', slug: 'seo', description: '' },
        { id: 2, title: 'Paid Media', slug: 'paid-media', description: '' },
      ]),
    });
    const nav = screen.getByRole('navigation', { name: 'Services' });
    expect(await within(nav).findByRole('link', { name: 'SEO' })).toBeTruthy();
    expect(hrefs(nav)).toEqual([
      ['SEO', '/services/seo'],
      ['Paid Media', '/services/paid-media'],
    ]);
  });

  it.each([
    ['an error', serverError],
    ['an empty list', ok([])],
  ])('with %s the Services column shows the spec six', async (_, services) => {
    renderSite('/blog', { services });
    const nav = screen.getByRole('navigation', { name: 'Services' });
    expect(await within(nav).findByRole('link', { name: 'AI Automations' })).toBeTruthy();
    // Spec, shared layout: the footer's service links, in order.
    expect(hrefs(nav).map(([, href]) => href)).toEqual([
      '/services/seo',
      '/services/paid-media',
      '/services/data-science',
      '/services/ai-automations',
      '/services/shopify',
      '/services/web-design',
    ]);
  });

  it('social links come from the site settings, https only, opening in a new tab', async () => {
    renderSite('/blog', {
      settings: ok({
        siteName: 'Acme Growth',
        socialLinks: {
          linkedin: 'https://linkedin.example/acme',
          x: 'javascript:alert(1)',
          instagram: '',
          youtube: 'https://video.example/acme',
        },
      }),
    });
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText(`© ${THIS_YEAR} Acme Growth. All rights reserved.`)).toBeTruthy();
    const social = within(within(footer).getByRole('list', { name: 'Social media' })).getAllByRole('link');
    expect(
      social.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href'), a.getAttribute('target')]),
    ).toEqual([
      ['LinkedIn (opens in a new tab)', 'https://linkedin.example/acme', '_blank'],
      ['YouTube (opens in a new tab)', 'https://video.example/acme', '_blank'],
    ]);
  });
});

describe('404 page', () => {
  it('an unknown path shows "Page Not Found" inside the layout, with Return Home', () => {
    renderSite('/no/such/page');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
