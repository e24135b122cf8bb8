import { useId, useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { AccountRoutes, forgotPasswordAnswerSchema, forgotPasswordSchema } from '@agency/contracts';
import { Button, Input } from '@agency/ui';
import { adminSend, errorMessage, fieldErrors } from '../shared/admin-api';
import { Field, describedBy } from '../shared/form-controls';
import { AuthProblem, AuthScreen } from './auth-screen';

/**
 * "Forgot your password?": a personal account's address, and the server e-mails a one-hour link to
 * choose a new one. The answer is the same for any address (nobody learns who has an account). The
 * shared owner password has no e-mail: an admin changes it in Settings.
 */
export function ForgotPasswordScreen({ onBack }: { onBack: () => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = forgotPasswordSchema.safeParse({ email: new FormData(e.currentTarget).get('email') });
    setProblem(null);
    setInvalid(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    setBusy(true);
    try {
      const answer = forgotPasswordAnswerSchema.safeParse(
        await adminSend('POST', AccountRoutes.forgotPassword, checked.data),
      );
      setSent(answer.success ? answer.data.message : 'Check your e-mail for a link.');
    } catch (err) {
      setInvalid(fieldErrors(err)['email']);
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const emailId = `${id}-email`;
  return (
    <AuthScreen
      icon={<Mail className="h-6 w-6" aria-hidden="true" />}
      title="Forgot your password?"
      intro={
        <p className="mt-1 text-sm text-slate-600">
          Enter your account&apos;s e-mail address: we send you a link to choose a new password. The shared
          owner password has no e-mail: an admin changes it in Settings.
        </p>
      }
    >
      {sent ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
          {sent}
        </p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Ask for a new password link">
          <Field label="E-mail" htmlFor={emailId} error={invalid}>
            <Input
              type="email"
              name="email"
              autoComplete="username"
              {...describedBy(emailId, invalid)}
              invalid={Boolean(invalid)}
            />
          </Field>
          <AuthProblem problem={problem} />
          <Button type="submit" className="mt-6 w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send me a link'}
          </Button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={onBack}
        >
          Back to sign-in
        </button>
      </p>
    </AuthScreen>
  );
}
