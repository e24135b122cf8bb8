import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderScreen } from '@agency/ui/testing';
import { ContactForm } from './contact-form';

/** Spec section 5, word for word. */
const SPEC_MESSAGES = [
  'First name is required',
  'Last name is required',
  'Valid business email is required',
  'Company name is required',
  'Please select a budget range',
  'Please provide more details about your goals',
];

const renderForm = () => {
  const api = fakeApi();
  renderScreen(<ContactForm />);
  return api;
};

describe('ContactForm', () => {
  it('shows every field with its label and the submit button', () => {
    renderForm();
    for (const label of [
      'First Name',
      'Last Name',
      'Business Email',
      'Company',
      'Monthly Budget',
      'Your Goals',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: /get your free strategy session/i })).toBeTruthy();
  });

  it('an empty submit shows the spec message beside every field and sends nothing', async () => {
    const api = renderForm();
    await userEvent.click(screen.getByRole('button', { name: /get your free strategy session/i }));
    for (const message of SPEC_MESSAGES) expect(await screen.findByText(message)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('goals under 10 characters and an invalid e-mail are refused; the typed text stays', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Business Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Your Goals'), 'short');
    await userEvent.click(screen.getByRole('button', { name: /get your free strategy session/i }));
    expect(await screen.findByText('Valid business email is required')).toBeTruthy();
    expect(screen.getByText('Please provide more details about your goals')).toBeTruthy();
    expect((screen.getByLabelText('Business Email') as HTMLInputElement).value).toBe('not-an-email');
    expect((screen.getByLabelText('Your Goals') as HTMLTextAreaElement).value).toBe('short');
  });
});
