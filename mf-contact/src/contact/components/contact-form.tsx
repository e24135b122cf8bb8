import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import {
  BUDGET_OPTIONS,
  FORM_ANCHORS,
  FORM_FAILED_MESSAGES,
  FORM_RETURN_FIELD,
  FormRoutes,
  contactRequestSchema,
  type ContactRequest,
  type ContactRequestInput,
} from '@agency/contracts/browser';
import {
  Button,
  FieldError,
  fieldErrors,
  Input,
  Label,
  LeadSourceFields,
  Select,
  Textarea,
  readLeadSourceHint,
  useFormOutcome,
  useServerFeedback,
} from '@agency/ui';
import { useLocation } from '@agency/ui/router';
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
  return FORM_FAILED_MESSAGES.contact;
}

/**
 * HTML first: a real form that posts to the server (FormRoutes.contact) before or without JavaScript;
 * the server validates, stores and redirects back, and this page's server render shows the outcome
 * (`useFormOutcome`): the 'Thank You!' panel, or the messages beside the fields with the typed values.
 * Once hydrated, the submit is the spec's: validated here, sent as JSON, toasts.
 */
export function ContactForm() {
  const id = useId();
  const { pathname } = useLocation();
  const outcome = useFormOutcome('contact');
  const [sent, setSent] = useState(outcome?.status === 'success');
  const feedback = useServerFeedback<keyof ContactRequestInput>(outcome);
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
    defaultValues: { budget: (feedback.kept['budget'] ?? EMPTY.budget) as ContactRequestInput['budget'] },
  });

  const submit = handleSubmit(({ website, ...values }) => {
    // The honeypot travels only when a bot filled it; people send the spec's six fields, and how
    // their visit began when this tab knows it.
    const request = { ...(website ? { ...values, website } : values), ...readLeadSourceHint() };
    mutation.mutate(request, {
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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    feedback.clear();
    return submit(event);
  };

  if (sent) {
    return (
      <div
        id={FORM_ANCHORS.contact}
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center"
        role="status"
      >
        <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden="true" />
        <h3 className="mt-4 text-2xl font-bold text-ink-900">Thank You!</h3>
        <p className="mt-2 text-slate-700">
          Our team will contact you within 24 hours to schedule your free consultation.
        </p>
        {/* Before the code arrives (or without it) this loads the page again: a blank form. A link
            would not do: one to this same address only scrolls. The field names the form, so the
            address reads `?form=contact`, not an empty `?` (the page ignores it; its cache too). */}
        <form method="get" action={`${pathname}#${FORM_ANCHORS.contact}`}>
          <input type="hidden" name="form" value="contact" />
          <Button
            type="submit"
            variant="outline"
            className="mt-6"
            onClick={(event) => {
              event.preventDefault();
              reset(EMPTY);
              feedback.forget();
              mutation.reset();
              setSent(false);
            }}
          >
            Send Another Message
          </Button>
        </form>
      </div>
    );
  }

  const { messageOf, fieldProps } = feedback.fieldsWith(errors);
  const field = (name: keyof ContactRequestInput) => ({
    // What the visitor typed, when the server sent the form back (no JavaScript): kept in the HTML.
    ...fieldProps(id, name),
    // The budget starts on its placeholder in the HTML too: a select with nothing selected would show,
    // and post, its first enabled option.
    ...(name === 'budget' ? { defaultValue: feedback.kept[name] ?? EMPTY.budget } : {}),
    ...register(name),
  });
  const sending = mutation.isPending;

  return (
    <form
      id={FORM_ANCHORS.contact}
      method="post"
      action={FormRoutes.contact}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-5"
      aria-label="Contact form"
    >
      <input type="hidden" name={FORM_RETURN_FIELD} value={pathname} />
      <LeadSourceFields />
      {feedback.alert}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-firstName`}>First Name</Label>
          <Input type="text" autoComplete="given-name" {...field('firstName')} />
          <FieldError id={`${id}-firstName-error`}>{messageOf('firstName')}</FieldError>
        </div>
        <div>
          <Label htmlFor={`${id}-lastName`}>Last Name</Label>
          <Input type="text" autoComplete="family-name" {...field('lastName')} />
          <FieldError id={`${id}-lastName-error`}>{messageOf('lastName')}</FieldError>
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-email`}>Business Email</Label>
        <Input type="email" autoComplete="email" {...field('email')} />
        <FieldError id={`${id}-email-error`}>{messageOf('email')}</FieldError>
      </div>
      <div>
        <Label htmlFor={`${id}-company`}>Company</Label>
        <Input type="text" autoComplete="organization" {...field('company')} />
        <FieldError id={`${id}-company-error`}>{messageOf('company')}</FieldError>
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
        <FieldError id={`${id}-budget-error`}>{messageOf('budget')}</FieldError>
      </div>
      <div>
        <Label htmlFor={`${id}-goals`}>Your Goals</Label>
        <Textarea
          rows={4}
          placeholder="Tell us about your growth goals and current challenges"
          {...field('goals')}
        />
        <FieldError id={`${id}-goals-error`}>{messageOf('goals')}</FieldError>
      </div>
      {/* Honeypot: hidden from people and assistive tech; bots that fill it are ignored by the API. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      {/* Enabled from the first byte: before the code arrives, the browser posts the form itself. */}
      <Button type="submit" size="lg" disabled={sending} className="w-full">
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
