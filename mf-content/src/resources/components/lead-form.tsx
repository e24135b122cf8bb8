import { useId, type FormEvent } from 'react';
import { Link } from '@agency/ui/router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import {
  FORM_FAILED_MESSAGES,
  FormRoutes,
  resourceLeadSchema,
  type FormOutcome,
  type Resource,
  type ResourceLead,
  type ResourceLeadInput,
} from '@agency/contracts/browser';
import {
  Button,
  FieldError,
  Input,
  Label,
  LeadSourceFields,
  fieldErrors,
  readLeadSourceHint,
  useServerFeedback,
} from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { useRequestResourceAccess } from '../api/request-resource-access';

/** Starts a download of `url` in this tab; the server answers with Content-Disposition: attachment. */
function startDownload(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * A gated resource's lead form. HTML first: it posts to the resource's access page
 * (FormRoutes.resourceAccess) before or without JavaScript, and that page's next render shows the
 * outcome (`outcome`: messages with the typed values, or the download). Once hydrated it is sent as
 * JSON and the download starts right away (in the resources page's dialog, or on the access page).
 */
export function LeadForm({
  resource,
  outcome,
  onDone,
}: {
  resource: Resource;
  /** What the server sent back for this form (no JavaScript), if anything. */
  outcome?: FormOutcome | null;
  onDone: (url: string) => void;
}) {
  const id = useId();
  const mutation = useRequestResourceAccess();
  const feedback = useServerFeedback<'name' | 'email'>(outcome);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResourceLeadInput, unknown, ResourceLead>({
    resolver: zodResolver(resourceLeadSchema),
    // No defaults: on hydration each field adopts what is already in its input.
  });

  const submit = handleSubmit((lead) => {
    mutation.mutate(
      { resourceId: resource.id, lead: { ...lead, ...readLeadSourceHint() } },
      {
        onSuccess: ({ url }) => {
          startDownload(url);
          onDone(url);
          toast({
            title: 'Your download has started',
            description: `Thanks, ${lead.name}! Enjoy ${resource.title}.`,
          });
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          if (fields['name']) setError('name', { message: fields['name'] });
          if (fields['email']) setError('email', { message: fields['email'] });
          toast({
            variant: 'destructive',
            title: 'Error',
            description: FORM_FAILED_MESSAGES['resource-lead'],
          });
        },
      },
    );
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    feedback.clear();
    return submit(event);
  };

  const { messageOf, fieldProps } = feedback.fieldsWith(errors);
  const field = (name: 'name' | 'email') => ({ ...fieldProps(id, name), ...register(name) });

  return (
    <form
      method="post"
      action={FormRoutes.resourceAccess(resource.id)}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label="Get free access"
    >
      <LeadSourceFields />
      {feedback.alert}
      <div>
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input type="text" autoComplete="name" {...field('name')} />
        <FieldError id={`${id}-name-error`}>{messageOf('name')}</FieldError>
      </div>
      <div>
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input type="email" autoComplete="email" {...field('email')} />
        <FieldError id={`${id}-email-error`}>{messageOf('email')}</FieldError>
      </div>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <Button type="submit" size="lg" disabled={mutation.isPending} className="w-full">
        {mutation.isPending ? (
          'Preparing download...'
        ) : (
          <>
            <Download className="h-4 w-4" aria-hidden="true" />
            Get Instant Access
          </>
        )}
      </Button>
      <p className="text-center text-xs text-slate-600">
        We&apos;ll only use your details to send this resource and related insights. See our{' '}
        <Link
          to="/privacy"
          onClick={() => onDone('')}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
