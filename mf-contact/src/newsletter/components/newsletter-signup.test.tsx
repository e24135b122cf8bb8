import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NewsletterMessages } from '@agency/contracts/browser';
import { NewsletterSignup } from './newsletter-signup';

const renderSignup = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NewsletterSignup />
    </QueryClientProvider>,
  );

describe('NewsletterSignup', () => {
  it('refuses an invalid address with the spec message, keeps it, and marks the field', async () => {
    renderSignup();
    const email = screen.getByLabelText('Email address');
    await userEvent.type(email, 'jane@');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(NewsletterMessages.email)).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('jane@');
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('the honeypot is out of sight and out of the tab order', () => {
    renderSignup();
    const trap = screen.getByLabelText('Website', { selector: 'input' });
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
