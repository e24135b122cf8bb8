import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiRoutes } from '@agency/contracts/browser';
import { Toaster } from '@agency/ui/toaster';
import { fakeApi, ok, renderScreen, type FakeAnswer } from '@agency/ui/testing';
import { ContactForm } from './contact-form';

const renderForm = (answer: FakeAnswer) => {
  const api = fakeApi({ [`POST ${ApiRoutes.contacts}`]: answer });
  renderScreen(
    <>
      <ContactForm />
      <Toaster />
    </>,
  );
  return api;
};

const fillAndSend = async () => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('First Name'), 'Jane');
  await user.type(screen.getByLabelText('Last Name'), 'Doe');
  await user.type(screen.getByLabelText('Business Email'), 'jane@acme.example');
  await user.type(screen.getByLabelText('Company'), 'Acme');
  await user.selectOptions(screen.getByLabelText('Monthly Budget'), '25k-50k');
  await user.type(screen.getByLabelText('Your Goals'), 'Double our organic revenue this year.');
  await user.click(screen.getByRole('button', { name: /get your free strategy session/i }));
  return user;
};

describe('ContactForm sending', () => {
  it('sends exactly the six fields, then thanks the visitor with the spec toast', async () => {
    const api = renderForm(ok({ id: 1 }));
    await fillAndSend();
    expect(await screen.findByText('Success!')).toBeTruthy();
    expect(screen.getByText("Your message has been sent. We'll be in touch within 24 hours.")).toBeTruthy();
    const thanks = screen.getByRole('heading', { name: 'Thank You!' }).closest('[role="status"]');
    expect(thanks).toBeTruthy();
    expect(api.calls).toEqual([
      {
        url: ApiRoutes.contacts,
        method: 'POST',
        body: {
          firstName: 'Jane',
          lastName: 'Doe',
          email: 'jane@acme.example',
          company: 'Acme',
          budget: '25k-50k',
          goals: 'Double our organic revenue this year.',
        },
      },
    ]);
  });

  it('Send Another Message brings back an empty form', async () => {
    renderForm(ok({ id: 1 }));
    const user = await fillAndSend();
    const again = await screen.findByRole('button', { name: 'Send Another Message' });
    // Without JavaScript it loads the page again, at `?form=contact#contact-form` (never an empty `?`).
    const blank = (again as HTMLButtonElement).form!;
    expect(blank.method).toBe('get');
    expect([...new FormData(blank).entries()]).toEqual([['form', 'contact']]);
    await user.click(again);
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Your Goals') as HTMLTextAreaElement).value).toBe('');
  });

  it('a server error shows the destructive Error toast with "<status>: <body>" and keeps the input', async () => {
    renderForm({ status: 500, body: { message: 'Internal server error' } });
    await fillAndSend();
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('500: {"message":"Internal server error"}')).toBeTruthy();
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Jane');
    expect(screen.queryByText('Thank You!')).toBeNull();
  });

  it('a 400 with field messages shows them beside the fields', async () => {
    renderForm({
      status: 400,
      body: { message: 'Invalid input', fields: { email: 'Use your work address' } },
    });
    await fillAndSend();
    expect(await screen.findByText('Use your work address')).toBeTruthy();
    expect(screen.getByLabelText('Business Email').getAttribute('aria-invalid')).toBe('true');
  });
});
