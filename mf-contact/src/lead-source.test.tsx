import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRoutes, LEAD_SOURCE_FIELDS } from '@agency/contracts/browser';
import { LeadSourceFields, recordVisitStart } from '@agency/ui';
import { Toaster } from '@agency/ui/toaster';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { NewsletterSignup } from './newsletter/components/newsletter-signup';
import { ContactForm } from './contact/components/contact-form';

const { landing: LANDING, referrer: REFERRER } = LEAD_SOURCE_FIELDS;

/** The tab's first page: a campaign link from LinkedIn (the address bar and document.referrer). */
function landOn(url: string, referrer: string) {
  window.history.replaceState(null, '', url);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  recordVisitStart();
}

const hidden = (form: HTMLElement, name: string) =>
  form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value;

afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  Object.defineProperty(document, 'referrer', { value: '', configurable: true });
});

describe('lead forms say how the visit began (issue 38 item 4)', () => {
  it("the first page of the tab is kept (path and utm_* only, the other site's host); later pages change nothing", () => {
    landOn(
      '/blog/seo-tips?utm_source=linkedin&utm_campaign=spring&email=ada%40x.example',
      'https://www.linkedin.com/feed/',
    );
    // A later page of the same visit, reached from this site.
    landOn('/contact', `${window.location.origin}/blog/seo-tips`);
    renderScreen(<NewsletterSignup />);
    const form = screen.getByRole('form', { name: 'Newsletter signup' });
    expect(hidden(form, LANDING)).toBe('/blog/seo-tips?utm_source=linkedin&utm_campaign=spring');
    expect(hidden(form, REFERRER)).toBe('www.linkedin.com');
  });

  it("a visit that began on this site records no referrer, and the server's HTML carries empty hints", () => {
    landOn('/services?utm_medium=email', `${window.location.origin}/`);
    renderScreen(<ContactForm />);
    const form = screen.getByRole('form', { name: 'Contact form' });
    expect(hidden(form, LANDING)).toBe('/services?utm_medium=email');
    expect(hidden(form, REFERRER)).toBe('');
    // The server render is the same for every visitor (the page cache holds one copy).
    const html = renderToString(<LeadSourceFields />);
    expect(html).toContain(`name="${LANDING}" value=""`);
    expect(html).not.toContain('utm_medium');
  });

  it('the JSON sign-up sends the hints with the address', async () => {
    landOn('/?utm_source=twitter&utm_campaign=launch', 'https://t.co/abc');
    const api = fakeApi({ [`POST ${ApiRoutes.newsletter}`]: ok({ id: 1 }) });
    renderScreen(
      <>
        <NewsletterSignup />
        <Toaster />
      </>,
    );
    await userEvent.type(screen.getByLabelText('Email address'), 'jane@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Welcome aboard!')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({
      email: 'jane@acme.example',
      [LANDING]: '/?utm_source=twitter&utm_campaign=launch',
      [REFERRER]: 't.co',
    });
  });
});
