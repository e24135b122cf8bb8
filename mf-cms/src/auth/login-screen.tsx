import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { AdminMessages, adminAuthSchema, type AdminAuthInput } from '@agency/contracts';
import { Button, Input } from '@agency/ui';
import { Field, describedBy } from '../shared/form-controls';
import { signInProblem, useLogin } from './session';
import { AuthProblem, AuthScreen } from './auth-screen';
import { ForgotPasswordScreen } from './forgot-password-screen';

/**
 * The password screen (no hint: the password is never shown anywhere in the UI). After a set-password
 * link it says so and has the account's address filled in; "Forgot your password?" asks for a link.
 */
export function LoginScreen({ email = '', notice }: { email?: string; notice?: string } = {}) {
  const id = useId();
  const login = useLogin();
  const [problem, setProblem] = useState<string | null>(null);
  const [forgotten, setForgotten] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminAuthInput>({
    resolver: zodResolver(adminAuthSchema),
    defaultValues: { email, password: '' },
  });

  const onSubmit = handleSubmit(({ email, password }) => {
    setProblem(null);
    login.mutate(
      // No e-mail address: the owner's shared password, sent exactly as before accounts.
      email ? { email, password } : { password },
      {
        onSuccess: (outcome) => {
          if (outcome !== 'ok') setProblem(signInProblem(outcome));
        },
        onError: () => setProblem(AdminMessages.authFailed),
      },
    );
  });

  const fieldId = `${id}-password`;
  const emailId = `${id}-email`;
  if (forgotten) return <ForgotPasswordScreen onBack={() => setForgotten(false)} />;
  return (
    <AuthScreen
      icon={<Lock className="h-6 w-6" aria-hidden="true" />}
      title="Content Management"
      intro={
        <>
          <p className="mt-1 text-sm text-slate-600">Enter the staff password to continue.</p>
          <p className="mt-1 text-xs text-slate-600">
            With a personal account, enter its e-mail address too; leave it empty for the shared password.
          </p>
        </>
      }
    >
      {notice ? (
        <p
          role="status"
          className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
        >
          {notice}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label="Staff sign-in">
        <Field label="E-mail (personal accounts)" htmlFor={emailId} className="mb-4">
          <Input id={emailId} type="email" autoComplete="username" {...register('email')} />
        </Field>
        <Field label="Password" htmlFor={fieldId} error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            autoFocus={Boolean(email)}
            {...describedBy(fieldId, errors.password?.message)}
            {...register('password')}
            invalid={Boolean(errors.password)}
          />
        </Field>
        <AuthProblem problem={problem} />
        <Button type="submit" className="mt-6 w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={() => setForgotten(true)}
        >
          Forgot your password?
        </button>
      </p>
    </AuthScreen>
  );
}
