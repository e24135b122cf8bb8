import { render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiRoutes } from '@agency/contracts/browser';
import { LEGACY_REMOTE_PAGES, composeSiteRoutes, type RemotePage } from '@agency/contracts/site-routes';
import { SITE_SETTINGS_URL } from '@agency/ui';
import { configureRemoteLoader } from '@agency/ui/remote-module';
import { fakeApi, ok } from '@agency/ui/testing';
import { AppProviders } from './app-providers';
import { AppRoutes } from './router';
import { SiteRoutesProvider } from './site-routes-context';

/** A page mf-marketing's release adds (its pages.json), with a footer link. */
const CAREERS: RemotePage = {
  id: 'careers',
  path: '/careers',
  module: 'CareersPage',
  kind: 'static',
  layout: 'site',
  label: 'Careers',
  head: { title: 'Careers' },
  nav: { footer: 6 },
};

/** The app at `path` with the route table `routes`; every remote module renders its own name. */
function renderApp(path: string, routes: ReturnType<typeof composeSiteRoutes>['routes']) {
  fakeApi({ [ApiRoutes.services]: ok([]), [SITE_SETTINGS_URL]: 'pending' });
  const asked: string[] = [];
  configureRemoteLoader(<T,>(remote: string, module: string) => {
    asked.push(`${remote}/${module}`);
    return Promise.resolve({ default: () => <h1>{`${remote}/${module}`}</h1> } as T);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders client={client}>
      <SiteRoutesProvider value={routes}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </SiteRoutesProvider>
    </AppProviders>,
  );
  return asked;
}

describe('the shell’s router follows the composed route table', () => {
  it('a page a release adds is routed to its remote’s module and linked from the footer', async () => {
    const { routes } = composeSiteRoutes({ mf_marketing: [...LEGACY_REMOTE_PAGES.mf_marketing, CAREERS] });
    renderApp('/careers', routes);
    expect(await screen.findByRole('heading', { name: 'mf_marketing/CareersPage' })).toBeTruthy();
    const company = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Company' });
    expect(within(company).getByRole('link', { name: 'Careers' }).getAttribute('href')).toBe('/careers');
  });

  it('without it (rolled back), the address is the catch-all CMS page and the link is gone', async () => {
    const { routes } = composeSiteRoutes({});
    renderApp('/careers', routes);
    expect(await screen.findByRole('heading', { name: 'mf_content/CmsPage' })).toBeTruthy();
    const company = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Company' });
    expect(within(company).queryByRole('link', { name: 'Careers' })).toBeNull();
  });
});
