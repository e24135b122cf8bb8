import { z } from 'zod';
import { emailAddress, singleLine } from './common';
import { CONTROL_CHARACTERS_MESSAGE, SINGLE_LINE_TEXT } from './control-characters';
import { AdminMessages, STAFF_PASSWORD_MIN_LENGTH } from './admin';
import { fillPath } from './paths';

/**
 * Personal staff accounts and roles (issue 24). The owner is the shared password of the spec: it signs
 * in without an e-mail address and may do everything, like an admin.
 */
export const STAFF_ROLES = ['admin', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Who a session belongs to: the owner, or a personal account's role. */
export type SessionRole = 'owner' | StaffRole;
/** How the owner is named in history and the audit. */
export const OWNER_NAME = 'Owner';

/** Who else has an item's editor open: GET, PUT (heartbeat) and DELETE. */
export const PRESENCE_PATH = '/api/admin/presence/:type/:id';

export const StaffRoutes = {
  users: '/api/admin/users',
  user: (id: number | string) => `/api/admin/users/${id}`,
  userLink: (id: number | string) => `/api/admin/users/${id}/set-password-link`,
  setPassword: '/api/admin/set-password',
  audit: '/api/admin/audit',
  auditCsv: '/api/admin/audit.csv',
  presence: (type: string, id: number | string) => fillPath(PRESENCE_PATH, { type, id }),
  /** Server-sent events: one `change` per staff write, on every instance (issue 41). */
  events: '/api/admin/events',
} as const;

/**
 * One staff write as GET /api/admin/events pushes it: the item type as the audit files it (a content
 * type, `media`, `leads`, `users`, `site-settings`, `redirects`, `releases`, `trash`, …), its id when
 * it has one, and the audit action. `{type: '*', action: 'reload'}`: changes may have been missed
 * (the server's link to the other instances came back), refresh everything shown.
 */
export interface StaffEvent {
  type: string;
  id: string | null;
  action: AuditAction | 'reload';
}

/** Days a set-password link stays valid. */
export const SET_PASSWORD_LINK_DAYS = 7;
/** The CMS address a set-password link opens (the token travels in the fragment, never to a log). */
export const SET_PASSWORD_FRAGMENT = 'set-password=';

export const StaffMessages = {
  /** What /cms shows a browser without JavaScript (the staff app has no server-rendered form). */
  needsJavaScript:
    'The content management screen needs JavaScript. Turn it on for this site, then reload the page.',
  adminOnly: 'Only an admin can do this. Your role (editor) covers content, media and leads.',
  emailTaken: 'This e-mail address is already in use',
  email: 'Enter a valid e-mail address',
  name: 'Name is required',
  role: 'Choose a role: admin or editor',
  commonPassword: 'This password is too common: choose another',
  ownAccount: 'You cannot disable your own account or take away your own admin role',
  linkInvalid: 'This link is not valid any more: ask an admin for a new one',
  userNotFound: 'Account not found',
  /** A disabled account's correct password (a wrong one still reads as any wrong password). */
  accountDisabled: 'This account is disabled. Ask an admin to enable it.',
} as const;

/**
 * Passwords of STAFF_PASSWORD_MIN_LENGTH characters or more that still appear at the top of breached-password lists, plus
 * runs of one character and plain keyboard or number sequences.
 */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789123',
  '1234567891011',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwertyuiopasdfghjkl',
  'qwertyuiopasdf',
  'asdfghjkl123',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'password1234567',
  'mypassword123',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'welcome123456',
  'changeme1234',
  'administrator',
  'administrator1',
  'adminadmin123',
  'admin1234567',
  'admin123456789',
  'abc123456789',
  'abcdefghijkl',
  'abcdefghijklm',
  'abcd1234abcd1234',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  '1qaz2wsx3edc4rfv',
  'zaq12wsxcde3',
  'football1234',
  'baseball1234',
  'sunshine1234',
  'princess1234',
  'trustno1trustno1',
  'correcthorsebatterystaple',
  'qazwsxedcrfv',
  'q1w2e3r4t5y6',
  'superman1234',
  'starwars1234',
  'monkey123456',
  'dragon123456',
  'liverpool1234',
  'chelsea12345',
  'computer1234',
  'internet1234',
]);

/** On the list of passwords people pick first, a run of one character, or a run of the alphabet or digits. */
export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  if (COMMON_PASSWORDS.has(p) || COMMON_PASSWORDS.has(p.replace(/[\s!.]+$/g, ''))) return true;
  if (/^(.)\1+$/.test(p)) return true;
  const sequence = '01234567890123456789abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz';
  const reversed = [...sequence].reverse().join('');
  return sequence.includes(p) || reversed.includes(p);
}

const staffPassword = z
  .string({ error: AdminMessages.newPassword })
  .min(STAFF_PASSWORD_MIN_LENGTH, AdminMessages.newPassword)
  .max(200, 'Use at most 200 characters')
  .regex(SINGLE_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE)
  .refine((p) => !isCommonPassword(p), StaffMessages.commonPassword);

/** Settings > password: the shared owner password meets the same rule as every personal one. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: AdminMessages.currentPassword })
      .min(1, AdminMessages.currentPassword)
      .max(1000)
      .regex(SINGLE_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE),
    newPassword: staffPassword,
  })
  .strict();
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const staffName = z
  .string({ error: StaffMessages.name })
  .trim()
  .min(1, StaffMessages.name)
  .pipe(singleLine(100));
const staffRole = z.enum(STAFF_ROLES, { error: StaffMessages.role });

/** POST /api/admin/users. Without a password the account signs in only after a set-password link. */
export const staffUserCreateSchema = z
  .object({
    email: emailAddress(StaffMessages.email),
    name: staffName,
    role: staffRole,
    password: staffPassword.optional(),
  })
  .strict();
export type StaffUserCreateInput = z.infer<typeof staffUserCreateSchema>;

/** PATCH /api/admin/users/:id: any of these. Disabling or a new password ends the account's sessions. */
export const staffUserPatchSchema = z
  .object({
    name: staffName.optional(),
    role: staffRole.optional(),
    disabled: z.boolean().optional(),
    password: staffPassword.optional(),
  })
  .strict();
export type StaffUserPatchInput = z.infer<typeof staffUserPatchSchema>;

/** POST /api/admin/set-password: the token of a set-password link and the new password. */
export const setPasswordSchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, StaffMessages.linkInvalid),
    password: staffPassword,
  })
  .strict();
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/** One account as GET /api/admin/users lists it (never its password or link). */
export interface StaffUser {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  /** A password is set (false: waiting for the set-password link). */
  hasPassword: boolean;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/admin/users/:id/set-password-link */
export interface SetPasswordLink {
  url: string;
  expiresAt: string;
}

/** The most audit rows one answer holds (a page); older ones are reached with `before`. */
export const AUDIT_PAGE_MAX = 5000;

/** A date (`2026-05-01`, from its start in UTC) or a date and time with its zone. */
const auditInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a date (2026-05-01) or a date and time (2026-05-01T09:00:00Z)',
});

/**
 * GET /api/admin/audit?actor=&type=&id=&from=&to=&before=&limit= : `actor` is a user id or `owner`;
 * type and id name an item; `from` (inclusive) and `to` (exclusive) bound the time; `before` is the
 * id of the oldest row already read (the next page holds older rows); newest first.
 */
export const auditQuerySchema = z
  .object({
    from: auditInstant.optional().meta({ description: 'Rows at or after this date (UTC) or instant' }),
    to: auditInstant.optional().meta({ description: 'Rows before this date (UTC) or instant' }),
    before: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, 'before is the id of an audit row')
      .optional()
      .meta({ description: 'Only rows older than this row id: pass the last id of a page to get the next' }),
    limit: z
      .string()
      .regex(/^[1-9]\d{0,3}$/, `limit is a number from 1 to ${AUDIT_PAGE_MAX}`)
      .refine((n) => Number(n) <= AUDIT_PAGE_MAX, `limit is a number from 1 to ${AUDIT_PAGE_MAX}`)
      .optional()
      .meta({ description: `Rows per page (default and most: ${AUDIT_PAGE_MAX})` }),
    actor: z
      .string()
      .regex(/^(owner|[1-9]\d{0,8})$/, 'actor is a user id or owner')
      .optional(),
    type: z
      .string()
      .regex(/^[A-Za-z][A-Za-z _-]{0,39}$/, 'Give an item type as the CMS names it, such as Blog or Page')
      .optional()
      .meta({ description: 'An item type: its code (blog-posts) or its name in the CMS (Blog, Blog Post)' }),
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,80}$/, 'Invalid id')
      .optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** What an audit row records. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'content.create',
  'content.update',
  'content.delete',
  'content.restore',
  'content.bulk',
  'content.draft',
  'content.publish-draft',
  'content.discard-draft',
  'content.draft-kept',
  'trash.restore',
  'trash.purge',
  'media.upload',
  'media.update',
  'media.delete',
  'leads.handled',
  'leads.delete',
  'leads.resend',
  'settings.update',
  'password.change',
  'release.promote',
  'release.rollback',
  'release.canary-end',
  'user.create',
  'user.update',
  'user.disable',
  'user.enable',
  'user.password',
  'user.link',
  'user.set-password',
  'redirect.create',
  'redirect.delete',
  'redirect.import',
  'privacy.export',
  'privacy.erase',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One row of GET /api/admin/audit (newest first). */
export interface AuditEvent {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string;
  action: AuditAction;
  entityType: string | null;
  entityId: string | null;
  summary: string;
  address: string | null;
}

/** GET /api/admin/presence/:type/:id: the others who have the item open now. */
export interface PresenceAnswer {
  others: { name: string }[];
}
