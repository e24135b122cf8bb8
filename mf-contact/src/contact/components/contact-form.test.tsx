import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactMessages } from '@agency/contracts/browser';
import { ContactForm } from './contact-form';

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ContactForm />
    </QueryClientProvider>,
  );

describe('ContactForm', () => {
  it('shows every field with its label and the submit button', () => {
    renderForm();
    for (const label of ['First Name', 'Last Name', 'Business Email', 'Company', 'Monthly Budget', 'Your Goals']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: /get your free strategy session/i })).toBeTruthy();
  });

  it('an empty submit shows the spec message beside every field and sends nothing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: /get your free strategy session/i }));
    for (const message of Object.values(ContactMessages)) expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('goals under 10 characters and an invalid e-mail are refused; the typed text stays', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Business Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Your Goals'), 'short');
    await userEvent.click(screen.getByRole('button', { name: /get your free strategy session/i }));
    expect(await screen.findByText(ContactMessages.email)).toBeTruthy();
    expect(screen.getByText(ContactMessages.goals)).toBeTruthy();
    expect((screen.getByLabelText('Business Email') as HTMLInputElement).value).toBe('not-an-email');
    expect((screen.getByLabelText('Your Goals') as HTMLTextAreaElement).value).toBe('short');
  });
});
