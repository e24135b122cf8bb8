import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactMessages, NEWSLETTER_CONFIRM_PROMPT, type FormOutcome } from '@agency/contracts/browser';
import { formOutcomeQueryOptions } from '@agency/ui';
import { ContactForm } from './contact/components/contact-form';
import { NewsletterSignup } from './newsletter/components/newsletter-signup';

/**
 * The forms as the server renders them (with the outcome of a form posted without JavaScript in the
 * query cache, as the shell's prefetch leaves it) and as the browser then hydrates them: the same
 * markup, no recoverable (mismatch) error, and a form that posts by itself before the code runs.
 */
function tree(ui: React.ReactElement, outcome: FormOutcome | null, path = '/contact') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(formOutcomeQueryOptions.queryKey, outcome);
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

/** Server HTML into the document, then hydrated with a fresh cache holding the same outcome. */
async function serverThenHydrate(ui: React.ReactElement, outcome: FormOutcome | null, path?: string) {
  const html = renderToString(tree(ui, outcome, path));
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const recoverable = vi.fn();
  await act(async () => {
    root = hydrateRoot(container!, tree(ui, outcome, path), { onRecoverableError: recoverable });
  });
  return { html, recoverable, container };
}

const byLabel = (c: HTMLElement, label: string) => {
  const l = [...c.querySelectorAll('label')].find((x) => x.textContent === label)!;
  return c.ownerDocument.getElementById(l.htmlFor) as HTMLInputElement;
};

describe('contact form, HTML first', () => {
  it('is a real form posting to the server, its submit enabled and the budget on its placeholder', async () => {
    const { html } = await serverThenHydrate(<ContactForm />, null);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const form = doc.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/forms/contact');
    expect(doc.querySelector<HTMLInputElement>('input[name="from"]')!.value).toBe('/contact');
    expect(doc.querySelector('button[type="submit"]')!.hasAttribute('disabled')).toBe(false);
    expect(doc.querySelector('option[selected]')!.getAttribute('value')).toBe('');
    expect(doc.querySelectorAll('input:not([type])')).toHaveLength(0);
  });

  it("a success the server answered: 'Thank You!' in the HTML, hydrated without a mismatch", async () => {
    const {
      html,
      recoverable,
      container: c,
    } = await serverThenHydrate(<ContactForm />, {
      form: 'contact',
      status: 'success',
    });
    expect(html).toContain('Thank You!');
    expect(recoverable).not.toHaveBeenCalled();
    expect(c.textContent).toContain('Thank You!');
  });

  it('invalid input the server sent back: the messages beside the fields and the typed values', async () => {
    const outcome: FormOutcome = {
      form: 'contact',
      status: 'invalid',
      values: {
        firstName: 'Ada',
        lastName: '',
        email: 'ada@',
        company: 'Engines',
        budget: '100k+',
        goals: 'short',
      },
      errors: {
        lastName: ContactMessages.lastName,
        email: ContactMessages.email,
        goals: ContactMessages.goals,
      },
    };
    const { html, recoverable, container: c } = await serverThenHydrate(<ContactForm />, outcome);
    for (const m of [ContactMessages.lastName, ContactMessages.email, ContactMessages.goals]) {
      expect(html).toContain(m);
      expect(c.textContent).toContain(m);
    }
    expect(c.textContent).not.toContain(ContactMessages.firstName);
    expect(recoverable).not.toHaveBeenCalled();
    expect(byLabel(c, 'First Name').value).toBe('Ada');
    expect(byLabel(c, 'Business Email').value).toBe('ada@');
    expect(byLabel(c, 'Business Email').getAttribute('aria-invalid')).toBe('true');
    expect(byLabel(c, 'Monthly Budget').value).toBe('100k+');
    expect(byLabel(c, 'Your Goals').value).toBe('short');
  });

  it("another form's outcome is not this one's", async () => {
    const { html } = await serverThenHydrate(<ContactForm />, { form: 'newsletter', status: 'success' });
    expect(html).not.toContain('Thank You!');
  });
});

describe('newsletter, HTML first', () => {
  it('posts to the server with the page it was sent from', async () => {
    const { html } = await serverThenHydrate(<NewsletterSignup />, null, '/blog');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('form')!.getAttribute('action')).toBe('/forms/newsletter');
    expect(doc.querySelector<HTMLInputElement>('input[name="from"]')!.value).toBe('/blog');
    expect(doc.querySelector('button[type="submit"]')!.hasAttribute('disabled')).toBe(false);
    expect(doc.querySelectorAll('input:not([type])')).toHaveLength(0);
  });

  it("'Successfully subscribed!' from the server, hydrated without a mismatch", async () => {
    const { html, recoverable } = await serverThenHydrate(<NewsletterSignup />, {
      form: 'newsletter',
      status: 'success',
    });
    expect(html).toContain('Successfully subscribed!');
    expect(html).toContain(NEWSLETTER_CONFIRM_PROMPT);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('already subscribed: the message beside the field, the address kept', async () => {
    const {
      html,
      recoverable,
      container: c,
    } = await serverThenHydrate(<NewsletterSignup />, {
      form: 'newsletter',
      status: 'refused',
      values: { email: 'known@news.example' },
      errors: { email: 'This email is already subscribed to our newsletter.' },
    });
    expect(html).toContain('This email is already subscribed to our newsletter.');
    expect(recoverable).not.toHaveBeenCalled();
    expect(c.querySelector<HTMLInputElement>('input[type="email"]')!.value).toBe('known@news.example');
  });
});
