import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AccountMessages } from '@agency/contracts';
import { Button } from '@agency/ui';
import { adminKeys, onSessionLost } from '../shared/admin-api';
import { setSessionFlag, useStaffSession } from '../auth/session';
import { LoginScreen } from '../auth/login-screen';
import { accountOf } from '../auth/roles';
import { CmsDashboard } from '../dashboard/cms-dashboard';
import { SetPasswordScreen, setPasswordToken } from '../auth/set-password-screen';

/** /cms: the server's answer to GET /api/admin/session decides between sign-in and the CMS. */
export function CmsRoot() {
  const client = useQueryClient();
  const session = useStaffSession();
  /** A set-password link from an admin opens its own screen first. */
  const [linkToken, setLinkToken] = useState(() =>
    typeof location === 'undefined' ? null : setPasswordToken(location.hash),
  );

  /** The password was just set with the link: the sign-in screen says so and has the address. */
  const [justSet, setJustSet] = useState<{ email: string } | null>(null);

  useEffect(() => {
    onSessionLost(() => {
      setSessionFlag(false);
      client.setQueryData(adminKeys.session, null);
    });
    return () => onSessionLost(() => {});
  }, [client]);

  useEffect(() => {
    document.title = 'Content Management';
  }, []);

  if (linkToken) {
    return (
      <SetPasswordScreen
        token={linkToken}
        onDone={(email) => {
          setJustSet({ email: email ?? '' });
          setLinkToken(null);
        }}
      />
    );
  }
  if (session.isPending) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-50" aria-busy="true">
        <p className="text-sm text-slate-600">Checking your session...</p>
      </main>
    );
  }
  if (session.isError) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
        <h1 className="text-2xl font-bold text-ink-900">Content Management</h1>
        <p role="alert" className="text-slate-700">
          The server could not be reached.
        </p>
        <Button onClick={() => void session.refetch()}>Retry</Button>
      </main>
    );
  }
  // One dashboard per account: another account signing in (the session-ended dialog) opens the CMS
  // afresh, so no editor carries the first person's typing over to the second.
  return session.data ? (
    <CmsDashboard key={accountOf(session.data)} session={session.data} />
  ) : justSet ? (
    <LoginScreen email={justSet.email} notice={AccountMessages.passwordSet} />
  ) : (
    <LoginScreen />
  );
}
