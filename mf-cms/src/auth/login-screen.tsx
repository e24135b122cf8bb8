import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { AdminMessages, adminAuthSchema, type AdminAuthInput } from '@agency/contracts';
import { Button, Input } from '@agency/ui';
import { Field, describedBy } from '../shared/form-controls';
import { signInProblem, useLogin } from './session';
import { AuthProblem, AuthScreen } from './auth-screen';

/** The password screen (no hint: the password is never shown anywhere in the UI). */
export function LoginScreen() {
  const id = useId();
  const login = useLogin();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminAuthInput>({
    resolver: zodResolver(adminAuthSchema),
    defaultValues: { email: '', password: '' },
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
      <form onSubmit={onSubmit} noValidate aria-label="Staff sign-in">
        <Field label="E-mail (personal accounts)" htmlFor={emailId} className="mb-4">
          <Input id={emailId} type="email" autoComplete="username" {...register('email')} />
        </Field>
        <Field label="Password" htmlFor={fieldId} error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="current-password"
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
    </AuthScreen>
  );
}
