/** The staff accounts, audit and presence operations of issue 24 (see admin/access-policy.ts for roles). */
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  PRESENCE_PATH,
  STAFF_ROLES,
  StaffRoutes,
  trashItemParams,
  openApiPath,
  adminIdParams,
  auditQuerySchema,
  AccountRoutes,
  changePasswordSchema,
  forgotPasswordAnswerSchema,
  forgotPasswordSchema,
  passwordSetAnswerSchema,
  setPasswordSchema,
  staffUserCreateSchema,
  staffUserPatchSchema,
  type AuditEvent,
  type PresenceAnswer,
  type SetPasswordLink,
  type StaffUser,
} from '@agency/contracts';
import { staff, type Operation } from './operation';

const timestamp = z.iso.datetime({ offset: true });

const staffUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  hasPassword: z.boolean().meta({ description: 'false: waiting for its set-password link' }),
  createdAt: timestamp,
  updatedAt: timestamp,
}) satisfies z.ZodType<StaffUser>;

const setPasswordLinkSchema = z.object({
  url: z.string().meta({ description: 'The CMS address with the one-time token (valid 7 days)' }),
  expiresAt: timestamp,
  email: z.string(),
}) satisfies z.ZodType<SetPasswordLink>;

const auditEventSchema = z.object({
  id: z.number().int(),
  at: timestamp,
  actorId: z.number().int().nullable().meta({ description: 'null: the owner (shared password)' }),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  summary: z.string(),
  address: z.string().nullable(),
}) satisfies z.ZodType<AuditEvent>;

const presenceSchema = z.object({
  others: z.array(z.object({ name: z.string() })),
}) satisfies z.ZodType<PresenceAnswer>;

const presencePath = openApiPath(PRESENCE_PATH);

export const staffOperations: Operation[] = [
  {
    method: 'post',
    path: StaffRoutes.setPassword,
    tag: 'Staff accounts',
    summary: "Set a personal account's password with its one-time link (no session needed)",
    body: setPasswordSchema,
    responses: {
      200: {
        description: "Set; the account's other sessions ended. Answers the address it signs in with",
        schema: passwordSetAnswerSchema,
      },
    },
    errors: [400, 403, 429],
  },
  {
    method: 'post',
    path: AccountRoutes.forgotPassword,
    tag: 'Staff accounts',
    summary:
      'E-mail a one-hour set-password link to the enabled account using this address, through the outbox (no session; the same answer for any address)',
    body: forgotPasswordSchema,
    responses: { 202: { description: 'Asked for', schema: forgotPasswordAnswerSchema } },
    errors: [400, 403, 429],
  },
  staff({
    method: 'post',
    path: AccountRoutes.password,
    tag: 'Staff accounts',
    summary:
      "A personal account changes its own password with its current one (its other sessions end; the owner's is in Settings)",
    body: changePasswordSchema,
    responses: { 200: { description: 'Changed', schema: forgotPasswordAnswerSchema } },
    errors: [400, 403],
  }),
  staff({
    method: 'get',
    path: StaffRoutes.users,
    tag: 'Staff accounts',
    summary: 'Personal accounts (admins and the owner only)',
    responses: { 200: { description: 'The accounts', schema: z.array(staffUserSchema) } },
    errors: [403],
  }),
  staff({
    method: 'post',
    path: StaffRoutes.users,
    tag: 'Staff accounts',
    summary: 'Create an account (a password of 12+ characters, not a common one, or none: send a link)',
    body: staffUserCreateSchema,
    responses: { 201: { description: 'Created', schema: staffUserSchema } },
    errors: [400, 403, 409],
  }),
  staff({
    method: 'patch',
    path: `${StaffRoutes.users}/{id}`,
    tag: 'Staff accounts',
    summary:
      "Rename, change the role, disable or set a new password (the last two end the account's sessions)",
    params: adminIdParams,
    body: staffUserPatchSchema,
    responses: { 200: { description: 'Saved', schema: staffUserSchema } },
    errors: [400, 403, 404],
  }),
  staff({
    method: 'post',
    path: `${StaffRoutes.users}/{id}/set-password-link`,
    tag: 'Staff accounts',
    summary: 'A one-time set-password link, valid 7 days, for the admin to pass on',
    params: adminIdParams,
    responses: { 201: { description: 'The link', schema: setPasswordLinkSchema } },
    errors: [400, 403, 404],
  }),
  staff({
    method: 'get',
    path: StaffRoutes.audit,
    tag: 'Audit',
    summary:
      'Who did what, newest first; filter by person (`actor`: an id or `owner`), by item and by time (`from`, `to`); a page at a time (`limit`, then `before` the last id)',
    query: auditQuerySchema,
    responses: {
      200: {
        description:
          'The events (a page); a full page has `Link: </api/admin/audit?…&before=<its last id>>; rel="next"`',
        schema: z.array(auditEventSchema),
      },
    },
    errors: [400, 403],
  }),
  staff({
    method: 'get',
    path: StaffRoutes.auditCsv,
    tag: 'Audit',
    summary: 'The same events as a CSV download',
    query: auditQuerySchema,
    responses: { 200: { description: 'CSV (UTF-8 with BOM)', mediaType: 'text/csv' } },
    errors: [400, 403],
  }),
  staff({
    method: 'get',
    path: presencePath,
    tag: 'Presence',
    summary: 'Who else has this item open in the CMS now',
    params: trashItemParams,
    responses: { 200: { description: 'The others', schema: presenceSchema } },
    errors: [400],
  }),
  staff({
    method: 'put',
    path: presencePath,
    tag: 'Presence',
    summary: 'Heartbeat of an open editor (every 20 s); answers who else has the item open',
    params: trashItemParams,
    responses: { 200: { description: 'The others', schema: presenceSchema } },
    errors: [400],
  }),
  staff({
    method: 'delete',
    path: presencePath,
    tag: 'Presence',
    summary: 'The editor was closed',
    params: trashItemParams,
    responses: { 204: { description: 'Gone' } },
    errors: [400],
  }),
  staff({
    method: 'get',
    path: StaffRoutes.events,
    tag: 'Presence',
    summary:
      'Live updates: a text/event-stream with one `change` event per staff write on any instance, data {"type","id","action"} (the audit\'s item type, id and action); a comment line every 15 s; ends after 5 minutes (reconnect)',
    responses: { 200: { description: 'Server-sent events', mediaType: 'text/event-stream' } },
    errors: [],
  }),
];
