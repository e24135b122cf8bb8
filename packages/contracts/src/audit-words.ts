/**
 * The audit's words (issue 41, defect 4): what the Audit tab, its filter and its CSV say for an
 * action and an item type, in the labels staff see in the CMS, never the codes the rows store.
 */
import { CONTENT_TYPES, CONTENT_TYPE_NAMES } from './content-types';
import { REMOTE_FOLDERS, REMOTE_NAMES } from './routes';
import type { AuditAction, AuditEvent } from './staff';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'content.create': 'Created',
  'content.update': 'Saved',
  'content.delete': 'Moved to the Trash',
  'content.restore': 'Restored a revision',
  'content.bulk': 'Bulk action',
  'content.draft': 'Saved a draft',
  'content.publish-draft': 'Published a draft',
  'content.discard-draft': 'Discarded a draft',
  'content.draft-kept': 'Kept a scheduled draft back',
  'trash.restore': 'Restored from the Trash',
  'trash.purge': 'Deleted for good',
  'media.upload': 'Uploaded a file',
  'media.update': 'Changed alt text',
  'media.delete': 'Moved a file to the Trash',
  'leads.handled': 'Marked leads',
  'leads.delete': 'Deleted leads for good',
  'leads.resend': 'Sent lead notifications again',
  'settings.update': 'Saved site settings',
  'password.change': 'Changed the shared password',
  'release.promote': 'Promoted a release',
  'release.rollback': 'Rolled back a release',
  'release.canary-end': 'Ended a canary',
  'user.create': 'Created an account',
  'user.update': 'Changed an account',
  'user.disable': 'Disabled an account',
  'user.enable': 'Enabled an account',
  'user.password': 'Gave an account a new password',
  'user.link': 'Made a set-password link',
  'user.set-password': 'Set their password',
  'redirect.create': 'Added a redirect',
  'redirect.delete': 'Deleted a redirect',
  'redirect.import': 'Imported redirects',
  'privacy.export': 'Exported a person’s data',
  'privacy.erase': 'Erased a person’s data',
};

/**
 * What a row did, in words. Rows of the Releases tab's "End canary" stored before it had its own
 * action read as a rollback; their summary says what happened.
 */
export function auditActionLabel(event: Pick<AuditEvent, 'action' | 'summary'>): string {
  if (event.action === 'release.rollback' && event.summary.startsWith('Ended the canary'))
    return AUDIT_ACTION_LABELS['release.canary-end'];
  return AUDIT_ACTION_LABELS[event.action] ?? event.action;
}

/** The item types rows store (a content type, or the staff API's area), and what the CMS calls them. */
export const AUDIT_TYPE_LABELS: Record<string, string> = {
  ...Object.fromEntries(CONTENT_TYPE_NAMES.map((type) => [type, CONTENT_TYPES[type].singular])),
  media: 'File',
  upload: 'File',
  resources: 'File',
  leads: 'Leads',
  users: 'Account',
  'site-settings': 'Site settings',
  notifications: 'Notification settings',
  password: 'Shared password',
  redirects: 'Redirect',
  privacy: 'Personal data',
  // A release row names the remote as its address did: its name or its folder.
  ...Object.fromEntries(
    REMOTE_NAMES.flatMap((remote) => [
      [remote, `Release of ${REMOTE_FOLDERS[remote]}`],
      [REMOTE_FOLDERS[remote], `Release of ${REMOTE_FOLDERS[remote]}`],
    ]),
  ),
};

/** An item type in words ('blog-posts' → 'Blog Post'); one it does not know stays as stored. */
export const auditTypeLabel = (type: string | null): string =>
  type === null ? '' : (AUDIT_TYPE_LABELS[type] ?? type);

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

/** The other words staff may type for a type: the CMS tab ('Blog'), its plural ('Blog posts'). */
const ALSO_CALLED: Record<string, string[]> = {
  ...Object.fromEntries(
    CONTENT_TYPE_NAMES.map((type) => [
      type,
      [CONTENT_TYPES[type].tab, CONTENT_TYPES[type].plural, CONTENT_TYPES[type].label],
    ]),
  ),
  media: ['Media', 'Files', 'Library'],
  upload: ['Media', 'Files', 'Upload'],
  resources: ['Media', 'Files'],
  leads: ['Lead'],
  users: ['Staff', 'Accounts', 'User', 'Users'],
  'site-settings': ['Settings'],
  notifications: ['Settings', 'Notifications'],
  password: ['Settings', 'Password'],
  redirects: ['Redirects'],
  privacy: ['Privacy'],
  ...Object.fromEntries(
    REMOTE_NAMES.flatMap((remote) => [
      [remote, ['Release', 'Releases']],
      [REMOTE_FOLDERS[remote], ['Release', 'Releases']],
    ]),
  ),
};

/**
 * The stored types a filter means: its code ('blog-posts'), the label rows show ('Blog Post'), the
 * tab ('Blog') or the plural, in any letter case. None: the filter matches no type.
 */
export function auditTypesMatching(filter: string): string[] {
  const wanted = words(filter);
  if (!wanted) return [];
  return Object.keys(AUDIT_TYPE_LABELS).filter(
    (type) =>
      words(type) === wanted ||
      words(AUDIT_TYPE_LABELS[type]!) === wanted ||
      (ALSO_CALLED[type] ?? []).some((name) => words(name) === wanted),
  );
}

/** "2026-05-01 09:30:15 UTC": an audit time to the second, as the CSV gives it. */
export const auditTime = (at: string): string => {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
};
