import { useId, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import {
  SET_PASSWORD_FRAGMENT,
  STAFF_PASSWORD_MIN_LENGTH,
  StaffRoutes,
  passwordSetAnswerSchema,
} from '@agency/contracts';
import { Button, Input } from '@agency/ui';
import { adminSend, errorMessage, fieldErrors } from '../shared/admin-api';
import { Field } from '../shared/form-controls';
import { AuthProblem, AuthScreen } from './auth-screen';

/** The token of a set-password link (/cms#set-password=<token>), or null. */
export function setPasswordToken(hash: string): string | null {
  const prefix = `#${SET_PASSWORD_FRAGMENT}`;
  return hash.startsWith(prefix) ? hash.slice(prefix.length) : null;
}

/**
 * Choose a password with a one-time link (from an admin, or asked for with "Forgot your password?");
 * then sign in as usual, with the account's address (the server's answer) filled in.
 */
export function SetPasswordScreen({
  token,
  onDone,
}: {
  token: string;
  onDone: (email: string | undefined) => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    setBusy(true);
    setProblem(null);
    try {
      const answer = passwordSetAnswerSchema.safeParse(
        await adminSend('POST', StaffRoutes.setPassword, { token, password }),
      );
      history.replaceState(null, '', location.pathname + location.search);
      onDone(answer.data?.email);
    } catch (err) {
      setProblem(fieldErrors(err)['password'] ?? errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthScreen
      icon={<KeyRound className="h-6 w-6" aria-hidden="true" />}
      title="Choose your password"
      intro={
        <p className="mt-1 text-sm text-slate-600">
          At least {STAFF_PASSWORD_MIN_LENGTH} characters, and not a common one.
        </p>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Choose your password">
        <Field label="New password" htmlFor={`${id}-pw`}>
          <Input id={`${id}-pw`} name="password" type="password" autoComplete="new-password" />
        </Field>
        <AuthProblem problem={problem} />
        <Button type="submit" className="mt-6 w-full" disabled={busy}>
          Set password
        </Button>
      </form>
    </AuthScreen>
  );
}
