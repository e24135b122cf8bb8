import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { STAFF_PASSWORD_MIN_LENGTH, changePasswordSchema, type ChangePasswordInput } from '@agency/contracts';
import { Button, Input, cn } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminSend, errorMessage, fieldErrors } from '../shared/admin-api';
import { Field, describedBy } from '../shared/form-controls';

/**
 * Current and new password, sent to `url`: the shared owner password (Settings) or a personal
 * account's own (the header's "My password"). The fields keep what was typed when the server refuses.
 */
export function ChangePasswordForm({
  url,
  onChanged,
  className,
  actions,
  columns = 2,
}: {
  url: string;
  /** Side by side (Settings) or one under the other (a narrow dialog). */
  columns?: 1 | 2;
  /** After the server stored it (the toast is shown here). */
  onChanged?: () => void;
  className?: string;
  /** Buttons beside Change Password (a dialog's Cancel). */
  actions?: ReactNode;
}) {
  const id = useId();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { register, reset, setError } = form;
  const { errors } = form.formState;
  const change = useMutation({ mutationFn: (values: ChangePasswordInput) => adminSend('POST', url, values) });
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        reset();
        toast({ title: 'Password changed', description: 'Every other signed-in session has been ended.' });
        onChanged?.();
      },
      onError: (err) => {
        for (const [name, message] of Object.entries(fieldErrors(err)))
          setError(name as keyof ChangePasswordInput, { message });
        toast({ variant: 'destructive', title: 'Password not changed', description: errorMessage(err) });
      },
    }),
  );
  const f = (n: string) => `${id}-${n}`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={cn('grid gap-4', columns === 2 && 'sm:grid-cols-2', className)}
      aria-label="Change password"
    >
      <Field label="Current Password" htmlFor={f('current')} error={errors.currentPassword?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...describedBy(f('current'), errors.currentPassword?.message)}
          {...register('currentPassword')}
          invalid={Boolean(errors.currentPassword)}
        />
      </Field>
      <Field
        label="New Password"
        htmlFor={f('new')}
        error={errors.newPassword?.message}
        hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters.`}
      >
        <Input
          type="password"
          autoComplete="new-password"
          {...describedBy(f('new'), errors.newPassword?.message, true)}
          {...register('newPassword')}
          invalid={Boolean(errors.newPassword)}
        />
      </Field>
      <div className="flex justify-end gap-2 sm:col-span-2">
        {actions}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
