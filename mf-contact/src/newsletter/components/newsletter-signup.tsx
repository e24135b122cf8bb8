import { useEffect, useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { CheckCircle2 } from 'lucide-react';
import type { NewsletterInput } from '@agency/contracts/browser';
// Zod-free modules only: this form is on every page (see newsletter-resolver.ts).
import { FORM_FAILED_MESSAGES, FORM_RETURN_FIELD, FormRoutes } from '@agency/contracts/form-posts';
import { NEWSLETTER_CONFIRM_PROMPT } from '@agency/contracts/newsletter';
import {
  Button,
  FieldError,
  Input,
  LeadSourceFields,
  cn,
  readLeadSourceHint,
  useFormOutcome,
  useServerFeedback,
} from '@agency/ui';
import { useLocation } from '@agency/ui/router';
import { toast } from '@agency/ui/toast';
import { useSubscribe } from '../api/subscribe';
import { newsletterResolver } from '../newsletter-resolver';

/** Spec section 9: the success banner shows for 3 seconds. */
export const NEWSLETTER_SUCCESS_MS = 3000;

/**
 * HTML first: a real form that posts to the server (FormRoutes.newsletter) before or without
 * JavaScript; the page it redirects back to shows 'Successfully subscribed!' (and the line asking to
 * confirm from the inbox: double opt-in) or the message beside the
 * field with the address kept (`useFormOutcome`). Once hydrated, the submit is the spec's (toasts).
 */
export function NewsletterSignup({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const id = useId();
  const { pathname } = useLocation();
  const outcome = useFormOutcome('newsletter');
  const [subscribed, setSubscribed] = useState(outcome?.status === 'success');
  const feedback = useServerFeedback<'email'>(outcome);
  const mutation = useSubscribe();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewsletterInput>({
    resolver: newsletterResolver,
    // No default values: on hydration the field adopts what was typed into the server-rendered input.
  });

  useEffect(() => {
    if (!subscribed) return;
    const timer = setTimeout(() => setSubscribed(false), NEWSLETTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [subscribed]);

  const submit = handleSubmit(({ email, website }) => {
    const request = { ...(website ? { email, website } : { email }), ...readLeadSourceHint() };
    mutation.mutate(request, {
      onSuccess: () => {
        toast({
          title: 'Welcome aboard!',
          // The spec's text, then the double opt-in's: nothing is sent until the address confirms.
          description: (
            <>
              <span className="block">You've been successfully subscribed to our newsletter.</span>
              <span className="block">{NEWSLETTER_CONFIRM_PROMPT}</span>
            </>
          ),
        });
        reset({ email: '', website: '' });
        setSubscribed(true);
      },
      onError: (error) => {
        if (error instanceof Error && error.message.includes('already subscribed')) {
          toast({
            variant: 'destructive',
            title: 'Already subscribed',
            description: 'This email is already subscribed to our newsletter.',
          });
        } else {
          toast({ title: 'Error', description: FORM_FAILED_MESSAGES.newsletter });
        }
      },
    });
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    feedback.clear();
    return submit(event);
  };
  // One field: the server's form-wide message (a rate limit) shows beside it too.
  const emailError = feedback.fieldsWith(errors).messageOf('email') ?? feedback.message;

  if (subscribed) {
    return (
      <div className={tone === 'dark' ? 'text-white' : 'text-ink-900'}>
        <p role="status" className="flex items-center gap-2 font-semibold">
          <CheckCircle2 className="h-5 w-5 text-emerald-400" aria-hidden="true" />
          Successfully subscribed!
        </p>
        <p className={cn('mt-1 text-sm', tone === 'dark' ? 'text-slate-300' : 'text-slate-600')}>
          {NEWSLETTER_CONFIRM_PROMPT}
        </p>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={FormRoutes.newsletter}
      onSubmit={onSubmit}
      noValidate
      className="w-full max-w-md"
      aria-label="Newsletter signup"
    >
      <input type="hidden" name={FORM_RETURN_FIELD} value={pathname} />
      <LeadSourceFields />
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          invalid={Boolean(emailError)}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          // The address the server sent back (no JavaScript), kept in the HTML.
          defaultValue={feedback.kept['email']}
          className="sm:flex-1"
          {...register('email')}
        />
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-website`}>Website</label>
          <input id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </div>
        {/* Enabled from the first byte: before the code arrives, the browser posts the form itself. */}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      <div className={tone === 'dark' ? '[&_p]:text-red-300' : ''}>
        <FieldError id={`${id}-email-error`}>{emailError}</FieldError>
      </div>
    </form>
  );
}
