import { useId } from 'react';
import { Link } from '@agency/ui/router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import {
  resourceLeadSchema,
  type Resource,
  type ResourceLead,
  type ResourceLeadInput,
} from '@agency/contracts/browser';
import { Button, Dialog, FieldError, Input, Label, fieldErrors } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { useRequestResourceAccess } from '../api/request-resource-access';

const EMPTY: ResourceLeadInput = { name: '', email: '', website: '' };

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

export function AccessDialog({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  return (
    <Dialog
      open={resource !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Get Free Access"
      description={
        resource ? (
          <>
            Tell us where to reach you and <strong className="text-ink-900">{resource.title}</strong>{' '}
            downloads right away.
          </>
        ) : undefined
      }
    >
      {/* Keyed so every resource starts with a blank form. */}
      {resource ? <LeadForm key={resource.id} resource={resource} onDone={onClose} /> : null}
    </Dialog>
  );
}

function LeadForm({ resource, onDone }: { resource: Resource; onDone: () => void }) {
  const id = useId();
  const mutation = useRequestResourceAccess();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResourceLeadInput, unknown, ResourceLead>({
    resolver: zodResolver(resourceLeadSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((lead) => {
    mutation.mutate(
      { resourceId: resource.id, lead },
      {
        onSuccess: ({ url }) => {
          startDownload(url);
          onDone();
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
            description: 'We could not prepare your download. Please try again.',
          });
        },
      },
    );
  });

  const field = (name: 'name' | 'email') => ({
    id: `${id}-${name}`,
    invalid: Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Get free access">
      <div>
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input autoComplete="name" {...field('name')} />
        <FieldError id={`${id}-name-error`}>{errors.name?.message}</FieldError>
      </div>
      <div>
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input type="email" autoComplete="email" {...field('email')} />
        <FieldError id={`${id}-email-error`}>{errors.email?.message}</FieldError>
      </div>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} tabIndex={-1} autoComplete="off" {...register('website')} />
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
          onClick={onDone}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
