import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import {
  BUDGET_OPTIONS,
  contactRequestSchema,
  type ContactRequest,
  type ContactRequestInput,
} from '@agency/contracts/browser';
import { Button, FieldError, fieldErrors, Input, Label, Select, Textarea, useHydrated } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { useSendContactRequest } from '../api/send-contact-request';

const EMPTY: ContactRequestInput = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  budget: '' as ContactRequestInput['budget'],
  goals: '',
  website: '',
};

/** Spec section 8: the error's message ('<status>: <body text>'), or the fallback sentence. */
function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Failed to send message. Please try again.';
}

export function ContactForm() {
  const id = useId();
  const hydrated = useHydrated();
  const [sent, setSent] = useState(false);
  const mutation = useSendContactRequest();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactRequestInput, unknown, ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    // Text fields have no default: on hydration each adopts what is already in its input, so text
    // typed into the server-rendered form before its code arrived is kept (a default would erase it).
    // The budget starts on its placeholder (a select without a default would show the first option).
    defaultValues: { budget: EMPTY.budget },
  });

  const onSubmit = handleSubmit(({ website, ...values }) => {
    // The honeypot travels only when a bot filled it; people send exactly the spec's six fields.
    mutation.mutate(website ? { ...values, website } : values, {
      onSuccess: () => {
        toast({
          title: 'Success!',
          description: "Your message has been sent. We'll be in touch within 24 hours.",
        });
        setSent(true);
      },
      onError: (error) => {
        for (const [name, message] of Object.entries(fieldErrors(error))) {
          if (name in EMPTY) setError(name as keyof ContactRequestInput, { message });
        }
        toast({ variant: 'destructive', title: 'Error', description: describeError(error) });
      },
    });
  });

  if (sent) {
    return (
      <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center" role="status">
        <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden="true" />
        <h3 className="mt-4 text-2xl font-bold text-ink-900">Thank You!</h3>
        <p className="mt-2 text-slate-700">
          Our team will contact you within 24 hours to schedule your free consultation.
        </p>
        <Button
          variant="outline"
          className="mt-6"
          onClick={() => {
            reset(EMPTY);
            mutation.reset();
            setSent(false);
          }}
        >
          Send Another Message
        </Button>
      </div>
    );
  }

  const field = (name: keyof ContactRequestInput) => ({
    id: `${id}-${name}`,
    invalid: Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });
  const sending = mutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-firstName`}>First Name</Label>
          <Input autoComplete="given-name" {...field('firstName')} />
          <FieldError id={`${id}-firstName-error`}>{errors.firstName?.message}</FieldError>
        </div>
        <div>
          <Label htmlFor={`${id}-lastName`}>Last Name</Label>
          <Input autoComplete="family-name" {...field('lastName')} />
          <FieldError id={`${id}-lastName-error`}>{errors.lastName?.message}</FieldError>
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-email`}>Business Email</Label>
        <Input type="email" autoComplete="email" {...field('email')} />
        <FieldError id={`${id}-email-error`}>{errors.email?.message}</FieldError>
      </div>
      <div>
        <Label htmlFor={`${id}-company`}>Company</Label>
        <Input autoComplete="organization" {...field('company')} />
        <FieldError id={`${id}-company-error`}>{errors.company?.message}</FieldError>
      </div>
      <div>
        <Label htmlFor={`${id}-budget`}>Monthly Budget</Label>
        <Select {...field('budget')}>
          <option value="" disabled>
            Select a budget range
          </option>
          {BUDGET_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <FieldError id={`${id}-budget-error`}>{errors.budget?.message}</FieldError>
      </div>
      <div>
        <Label htmlFor={`${id}-goals`}>Your Goals</Label>
        <Textarea
          rows={4}
          placeholder="Tell us about your growth goals and current challenges"
          {...field('goals')}
        />
        <FieldError id={`${id}-goals-error`}>{errors.goals?.message}</FieldError>
      </div>
      {/* Honeypot: hidden from people and assistive tech; bots that fill it are ignored by the API. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <Button type="submit" size="lg" disabled={sending || !hydrated} className="w-full">
        {sending ? (
          'Sending...'
        ) : (
          <>
            <Send className="h-4 w-4" aria-hidden="true" />
            Get Your Free Strategy Session
          </>
        )}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Free strategy session. No obligation. Reply within 24 hours.
      </p>
    </form>
  );
}
