import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_URL } from '@agency/ui';
import { fakeApi, ok, renderScreen, serverError } from '@agency/ui/testing';
import { ContactPage } from './contact-page';

describe('ContactPage', () => {
  it('shows the hero with its three stats, the contact form, the FAQ and the Book a Call link', () => {
    fakeApi({ [SITE_SETTINGS_URL]: 'pending' });
    renderScreen(<ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: "Let's Build Your Growth Plan" })).toBeTruthy();
    for (const value of ['24h', 'Free', 'No']) expect(screen.getByText(value)).toBeTruthy();
    expect(screen.getByLabelText('First Name')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeTruthy();
    const faq = screen.getByText('Do you have a minimum engagement?').closest('details')!;
    expect(within(faq).getByText(/\$10,000/)).toBeTruthy();
    const call = screen.getByRole('link', { name: /Schedule a 30-Minute Call/ });
    expect(call.getAttribute('target')).toBe('_blank');
    expect(call.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('while the settings load (or fail) shows the seeded e-mail and phone', async () => {
    fakeApi({ [SITE_SETTINGS_URL]: serverError });
    renderScreen(<ContactPage />);
    const mail = await screen.findByRole('link', { name: 'hello@distilled.agency' });
    expect(mail.getAttribute('href')).toBe('mailto:hello@distilled.agency');
    expect(screen.getByRole('link', { name: '+1 (415) 555-0142' }).getAttribute('href')).toBe(
      'tel:+14155550142',
    );
    expect(screen.getByText(/Remote-first/)).toBeTruthy();
    expect(screen.getByText(/24 Hours/)).toBeTruthy();
  });

  it('uses the e-mail and phone from the site settings, and hides the phone tile without one', async () => {
    fakeApi({ [SITE_SETTINGS_URL]: ok({ contactEmail: 'team@acme.example', contactPhone: '' }) });
    renderScreen(<ContactPage />);
    const mail = await screen.findByRole('link', { name: 'team@acme.example' });
    expect(mail.getAttribute('href')).toBe('mailto:team@acme.example');
    expect(screen.queryByRole('link', { name: /^\+1/ })).toBeNull();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
  });
});
