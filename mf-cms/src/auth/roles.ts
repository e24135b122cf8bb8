import type { AdminSession, SessionRole } from '@agency/contracts';

/** Tabs only admins (and the owner) see; the server refuses editors these anyway (403). */
const ADMIN_TABS = ['Releases', 'Settings', 'Staff', 'Audit'] as const;

/** The signed-in role; a server without accounts answers no user: the owner, as before. */
export const roleOf = (session: AdminSession): SessionRole => session.user?.role ?? 'owner';

const isAdminRole = (role: SessionRole) => role !== 'editor';

/** The tabs this role may use (the screen mirrors the server's access policy). */
export function visibleTabs<T extends string>(tabs: readonly T[], role: SessionRole): T[] {
  return isAdminRole(role) ? [...tabs] : tabs.filter((t) => !(ADMIN_TABS as readonly string[]).includes(t));
}

/**
 * Who a session is, as a key ('owner', or 'user:<id>' for a personal account): what the session-ended
 * dialog compares before it runs a waiting save again, and whose local drafts an editor keeps.
 */
export const accountOf = (session: AdminSession): string => {
  const id = session.user?.id;
  return typeof id === 'number' ? `user:${id}` : 'owner';
};
