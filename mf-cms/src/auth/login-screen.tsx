import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { AdminMessages, adminAuthSchema, type AdminAuthInput } from '@agency/contracts';
import { Button, Card, Input } from '@agency/ui';
import { Field, describedBy } from '../shared/form-controls';
import { useLogin } from './session';

/** The password screen (no hint: the password is never shown anywhere in the UI). */
export function LoginScreen() {
  const id = useId();
  const login = useLogin();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminAuthInput>({ resolver: zodResolver(adminAuthSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(({ password }) => {
    setProblem(null);
    login.mutate(
      { password },
      {
        onSuccess: (outcome) => {
          // Any answer that is not OK reads 'Invalid password' (spec); a rate limit says when to retry.
          if (outcome === 'invalid') setProblem(AdminMessages.invalidPassword);
          if (outcome === 'rate-limited')
            setProblem(`${AdminMessages.invalidPassword}. Too many attempts: please wait a few minutes.`);
        },
        onError: () => setProblem(AdminMessages.authFailed),
      },
    );
  });

  const fieldId = `${id}-password`;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16">
      <Card className="w-full max-w-sm p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Lock className="h-6 w-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-ink-900">Content Management</h1>
          <p className="mt-1 text-sm text-slate-600">Enter the staff password to continue.</p>
        </div>
        <form onSubmit={onSubmit} noValidate aria-label="Staff sign-in">
          <Field label="Password" htmlFor={fieldId} error={errors.password?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              {...describedBy(fieldId, errors.password?.message)}
              {...register('password')}
              invalid={Boolean(errors.password)}
            />
          </Field>
          {problem ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {problem}
            </p>
          ) : null}
          <Button type="submit" className="mt-6 w-full" disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      </Card>
    </main>
  );
}
