import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminMessages,
  AdminRoutes,
  STAFF_SIGNED_IN_COOKIE,
  StaffMessages,
  type AdminAuthInput,
  type AdminSession,
} from '@agency/contracts';
import { apiRequest, getJson } from '@agency/ui';
import { adminKeys } from '../shared/admin-api';
import { clearLocalDrafts } from '../shared/local-draft';

/** Spec: the session-storage flag stays, but only as a hint for the UI; the server decides. */
export const SESSION_FLAG = 'admin_authenticated';
export const setSessionFlag = (on: boolean) => {
  try {
    if (on) sessionStorage.setItem(SESSION_FLAG, 'true');
    else sessionStorage.removeItem(SESSION_FLAG);
  } catch {
    /* storage unavailable: the flag is only a hint */
  }
};

/**
 * Whether this browser may hold a staff session: the server's hint cookie (STAFF_SIGNED_IN_COOKIE,
 * any tab), or this tab's own sign-in. Without either there is nothing to ask the server about.
 */
function mayBeSignedIn(): boolean {
  try {
    if (sessionStorage.getItem(SESSION_FLAG) === 'true') return true;
  } catch {
    /* storage unavailable: the cookie decides */
  }
  return document.cookie.split(/;\s*/).includes(`${STAFF_SIGNED_IN_COOKIE}=1`);
}

/**
 * GET /api/admin/session: the session, or null without one. Asked afresh every time the CMS opens,
 * unless this browser never signed in (no hint): then the sign-in screen shows at once, without a
 * refused request.
 */
export function useStaffSession() {
  return useQuery({
    queryKey: adminKeys.session,
    queryFn: async () => {
      if (!mayBeSignedIn()) return null;
      const session = await getJson<AdminSession | null>(AdminRoutes.session, { on401: 'returnNull' });
      setSessionFlag(Boolean(session));
      return session;
    },
    staleTime: 0,
    gcTime: 0,
  });
}

export type LoginOutcome = 'ok' | 'invalid' | 'rate-limited' | 'disabled';

/** POST /api/admin/auth: a not-OK answer is an outcome; only a failed request throws. */
export async function signIn(input: AdminAuthInput): Promise<LoginOutcome> {
  const res = await fetch(AdminRoutes.auth, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (res.ok) return 'ok';
  // 403: the right password of a disabled account (a wrong one is 401 like any other).
  if (res.status === 403) return 'disabled';
  return res.status === 429 ? 'rate-limited' : 'invalid';
}

/** What a refused sign-in says: 'Invalid password' for any answer that is not OK (spec); a rate limit also says when to retry. */
export const signInProblem = (outcome: Exclude<LoginOutcome, 'ok'>): string =>
  outcome === 'disabled'
    ? StaffMessages.accountDisabled
    : outcome === 'rate-limited'
      ? `${AdminMessages.invalidPassword}. Too many attempts: please wait a few minutes.`
      : AdminMessages.invalidPassword;

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (outcome) => {
      if (outcome !== 'ok') return;
      setSessionFlag(true);
      client.removeQueries({ queryKey: adminKeys.all, predicate: (q) => q.queryKey[1] !== 'session' });
      await client.invalidateQueries({ queryKey: adminKeys.session });
    },
  });
}

/** Logout of `account` (auth/roles.ts `accountOf`): its drafts in this browser are forgotten. */
export function useLogout(account: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', AdminRoutes.logout),
    onSettled: () => {
      setSessionFlag(false);
      clearLocalDrafts(account);
      client.setQueryData(adminKeys.session, null);
      client.removeQueries({ queryKey: adminKeys.all, predicate: (q) => q.queryKey[1] !== 'session' });
    },
  });
}
