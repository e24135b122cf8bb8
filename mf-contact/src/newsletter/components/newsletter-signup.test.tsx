import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderScreen } from '@agency/ui/testing';
import { NewsletterSignup } from './newsletter-signup';

const renderSignup = () => {
  const api = fakeApi();
  renderScreen(<NewsletterSignup />);
  return api;
};

describe('NewsletterSignup', () => {
  it('refuses an invalid address with the spec message, keeps it, and marks the field', async () => {
    const api = renderSignup();
    const email = screen.getByLabelText('Email address');
    await userEvent.type(email, 'jane@');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    // Spec section 5, word for word.
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
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
