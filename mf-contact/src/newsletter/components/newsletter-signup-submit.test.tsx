import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, NEWSLETTER_CONFIRM_PROMPT } from '@agency/contracts/browser';
import { Toaster } from '@agency/ui/toaster';
import { fakeApi, ok, renderScreen, type FakeAnswer } from '@agency/ui/testing';
import { NewsletterSignup } from './newsletter-signup';

const subscribe = async (answer: FakeAnswer, email = 'jane@acme.example') => {
  const api = fakeApi({ [`POST ${ApiRoutes.newsletter}`]: answer });
  renderScreen(
    <>
      <NewsletterSignup />
      <Toaster />
    </>,
  );
  await userEvent.type(screen.getByLabelText('Email address'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  return api;
};

describe('NewsletterSignup sending', () => {
  it('success: the spec toast and the "Successfully subscribed!" banner; only the e-mail is sent', async () => {
    const api = await subscribe(ok({ id: 1 }));
    expect(await screen.findByText('Welcome aboard!')).toBeTruthy();
    expect(screen.getByText("You've been successfully subscribed to our newsletter.")).toBeTruthy();
    expect(screen.getByText('Successfully subscribed!').getAttribute('role')).toBe('status');
    // Double opt-in: the toast and the banner both ask to confirm from the inbox.
    expect(screen.getAllByText(NEWSLETTER_CONFIRM_PROMPT)).toHaveLength(2);
    expect(api.calls[0]).toEqual({
      url: ApiRoutes.newsletter,
      method: 'POST',
      body: { email: 'jane@acme.example' },
    });
  });

  it('an "already subscribed" answer: the destructive "Already subscribed" toast', async () => {
    await subscribe({ status: 409, body: { message: 'Email already subscribed' } });
    expect(await screen.findByText('Already subscribed')).toBeTruthy();
    expect(screen.getByText('This email is already subscribed to our newsletter.')).toBeTruthy();
    expect(screen.queryByText('Successfully subscribed!')).toBeNull();
  });

  it('any other error: the "Error" toast asking to try again, and the address stays', async () => {
    await subscribe({ status: 500, body: { message: 'Internal server error' } });
    expect(await screen.findByText('Failed to subscribe. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('jane@acme.example');
  });
});
