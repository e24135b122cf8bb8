import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AdminMessages, AdminRoutes, type AdminSession } from '@agency/contracts';
import { Button, Input, getJson } from '@agency/ui';
import { Dialog } from '@agency/ui/dialog';
import { adminKeys, onReauthenticate, type ReauthOutcome } from '../shared/admin-api';
import { Field } from '../shared/form-controls';
import { setSessionFlag, signIn, signInProblem } from './session';
import { AuthProblem } from './auth-screen';
import { accountOf } from './roles';

const REAUTH_TITLE = 'Your session has ended';

/**
 * Over the open CMS: when a call answers 401 (the session expired, the password was changed, the
 * account signed out elsewhere), this asks for the password in place instead of leaving the screen.
 * Signed in again with the same account, the waiting call (a Save) runs again with the form exactly
 * as typed. Signed in with another account, it does not: what the first person typed is never saved
 * in the second one's name (History and the audit would name the wrong person); it stays in this
 * browser as the first account's draft, and the CMS opens afresh for the second (cms-root.tsx).
 */
export function ReauthDialog({ session }: { session: AdminSession }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((outcome: ReauthOutcome) => void) | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const email = session.user?.email ?? '';

  useEffect(() => {
    onReauthenticate(
      () =>
        new Promise<ReauthOutcome>((resolve) => {
          settle.current = resolve;
          setProblem(null);
          setOpen(true);
        }),
    );
    return () => {
      onReauthenticate(null);
      settle.current?.('declined');
    };
  }, []);

  const finish = (outcome: ReauthOutcome) => {
    setOpen(false);
    const resolve = settle.current;
    settle.current = null;
    resolve?.(outcome);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const password = String(data.get('password') ?? '');
    const given = String(data.get('email') ?? '').trim();
    if (!password) return setProblem(AdminMessages.password);
    setBusy(true);
    try {
      const outcome = await signIn(given ? { email: given, password } : { password });
      if (outcome !== 'ok') {
        setProblem(signInProblem(outcome));
        return;
      }
      // Who signed in: the e-mail typed may name another account than the one whose save is waiting.
      const now = await getJson<AdminSession | null>(AdminRoutes.session, { on401: 'returnNull' });
      if (!now) {
        setProblem(AdminMessages.authFailed);
        return;
      }
      setSessionFlag(true);
      if (accountOf(now) === accountOf(session)) {
        client.setQueryData(adminKeys.session, now);
        finish('same-account');
        return;
      }
      // The waiting calls fail with OTHER_ACCOUNT_MESSAGE (a save's toast says it).
      finish('other-account');
      // Nothing of the first person's screen carries over: lists are read afresh for the new one.
      client.removeQueries({ queryKey: adminKeys.all, predicate: (q) => q.queryKey[1] !== 'session' });
      client.setQueryData(adminKeys.session, now);
    } catch {
      setProblem(AdminMessages.authFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      // An alert dialog: a click beside it must not sign the person out (only its buttons and Escape
      // answer it), and focus starts in the password field and goes back where it was.
      role="alertdialog"
      initialFocus={passwordInput}
      onOpenChange={(o) => !o && finish('declined')}
      title={REAUTH_TITLE}
      description="Sign in again to carry on. Your changes are still here and are saved once you are signed in."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Sign in again" className="space-y-4">
        <Field label="E-mail (personal accounts)" htmlFor={`${id}-email`}>
          <Input id={`${id}-email`} name="email" type="email" autoComplete="username" defaultValue={email} />
        </Field>
        <Field label="Password" htmlFor={`${id}-password`}>
          <Input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            ref={passwordInput}
          />
        </Field>
        <AuthProblem problem={problem} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => finish('declined')}>
            Sign out instead
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in and continue'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
