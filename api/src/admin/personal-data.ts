import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  PERSONAL_DATA_KINDS,
  PrivacyMessages,
  type PersonalDataCounts,
  type PersonalDataKind,
  type PersonalDataReport,
  type PrivacyEraseResult,
} from '@agency/contracts';
import type { Db } from '../db/client';
import {
  auditEvents,
  contactRequests,
  formFlashes,
  newsletterSubscriptions,
  outboxJobs,
  resourceLeads,
  staffUsers,
} from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;

/** The address as compared everywhere: trimmed, any letter case. */
const normal = (email: string) => email.trim().toLowerCase();

const sameAddress = (column: PgColumn | SQL, email: string): SQL =>
  sql`lower(trim(${column})) = ${normal(email)}`;

/** The address as a whole word of a longer text (bob@x.test is not found in jimbob@x.test). */
const mentioning = (column: PgColumn, email: string): SQL => {
  const literal = normal(email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return sql`lower(${column}) ~ ${`(^|[^a-z0-9._%+-])${literal}($|[^a-z0-9.-])`}`;
};

/**
 * An e-mail sent to the address (a confirmation, whatever it carries); the staff's lead e-mails are
 * not theirs to find by a recipient's address, as they hold other people's leads.
 */
const mailedTo = (email: string): SQL => {
  const to = sql`${outboxJobs.payload} -> 'to'`;
  const list = sql`case when jsonb_typeof(${to}) = 'array' then ${to} else '[]'::jsonb end`;
  return sql`(${outboxJobs.payload} ->> 'template' is distinct from 'staff-lead' and exists (select 1 from jsonb_array_elements_text(${list}) as sent_to(address) where lower(trim(sent_to.address)) = ${normal(email)}))`;
};

/**
 * Where one address is held, as conditions per place: the leads by their e-mail, the outbox by the
 * lead it carries (its snapshot holds the e-mail) or by the e-mails sent to it, the
 * no-JavaScript form outcomes by the typed value, failed CMS sign-ins by the name given (or a summary
 * naming it), staff accounts by their address.
 */
function placesOf(email: string) {
  return {
    contactRequests: sameAddress(contactRequests.email, email),
    resourceLeads: sameAddress(resourceLeads.email, email),
    newsletterSubscriptions: sameAddress(newsletterSubscriptions.email, email),
    outboxJobs: or(sameAddress(sql`${outboxJobs.payload} #>> '{lead,email}'`, email), mailedTo(email))!,
    formOutcomes: sameAddress(sql`${formFlashes.payload} #>> '{values,email}'`, email),
    failedSignIns: and(
      eq(auditEvents.action, 'sign-in-failed'),
      or(sameAddress(auditEvents.actorName, email), mentioning(auditEvents.summary, email)),
    )!,
    staffAccounts: sameAddress(staffUsers.email, email),
  } satisfies Record<PersonalDataKind, SQL>;
}

/** Every record held about the address, as stored (a staff account without its password hash). */
export async function findPersonalData(db: DbOrTx, email: string, now: Date): Promise<PersonalDataReport> {
  const where = placesOf(email);
  const records: PersonalDataReport['records'] = {
    contactRequests: await db.select().from(contactRequests).where(where.contactRequests),
    resourceLeads: await db.select().from(resourceLeads).where(where.resourceLeads),
    newsletterSubscriptions: await db
      .select()
      .from(newsletterSubscriptions)
      .where(where.newsletterSubscriptions),
    outboxJobs: await db
      .select({
        id: outboxJobs.id,
        kind: outboxJobs.kind,
        status: outboxJobs.status,
        leadType: outboxJobs.leadType,
        leadId: outboxJobs.leadId,
        createdAt: outboxJobs.createdAt,
        sentAt: outboxJobs.sentAt,
        lastError: outboxJobs.lastError,
        payload: outboxJobs.payload,
      })
      .from(outboxJobs)
      .where(where.outboxJobs),
    formOutcomes: await db
      .select({ payload: formFlashes.payload, expiresAt: formFlashes.expiresAt })
      .from(formFlashes)
      .where(where.formOutcomes),
    failedSignIns: await db
      .select({
        id: auditEvents.id,
        at: auditEvents.at,
        nameGiven: auditEvents.actorName,
        summary: auditEvents.summary,
        address: auditEvents.address,
      })
      .from(auditEvents)
      .where(where.failedSignIns),
    staffAccounts: await db
      .select({
        id: staffUsers.id,
        email: staffUsers.email,
        name: staffUsers.name,
        role: staffUsers.role,
        disabled: staffUsers.disabled,
        createdAt: staffUsers.createdAt,
        updatedAt: staffUsers.updatedAt,
      })
      .from(staffUsers)
      .where(where.staffAccounts),
  };
  const counts = Object.fromEntries(
    PERSONAL_DATA_KINDS.map((kind) => [kind, records[kind].length]),
  ) as PersonalDataCounts;
  return { subject: email.trim(), generatedAt: now.toISOString(), counts, records };
}

/**
 * Erases what is held about the address, in one transaction: its leads, their notifications (those
 * that carry the address, and any other job of an erased lead), its form outcomes; failed sign-ins
 * keep their time and client address but lose the address given. Staff accounts stay (counted).
 */
export async function erasePersonalData(db: Db, email: string): Promise<PrivacyEraseResult> {
  const where = placesOf(email);
  return db.transaction(async (tx) => {
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const contacts = ids(
      await tx.delete(contactRequests).where(where.contactRequests).returning({ id: contactRequests.id }),
    );
    const leads = ids(
      await tx.delete(resourceLeads).where(where.resourceLeads).returning({ id: resourceLeads.id }),
    );
    const subscriptions = ids(
      await tx
        .delete(newsletterSubscriptions)
        .where(where.newsletterSubscriptions)
        .returning({ id: newsletterSubscriptions.id }),
    );
    const ofLead = (type: string, leadIds: number[]) =>
      leadIds.length ? and(eq(outboxJobs.leadType, type), inArray(outboxJobs.leadId, leadIds)) : undefined;
    const jobs = await tx
      .delete(outboxJobs)
      .where(
        or(
          where.outboxJobs,
          ofLead('contacts', contacts),
          ofLead('resources', leads),
          ofLead('newsletter', subscriptions),
        ),
      )
      .returning({ id: outboxJobs.id });
    const flashes = await tx.delete(formFlashes).where(where.formOutcomes).returning({ id: formFlashes.id });
    const given = normal(email);
    const signIns = await tx
      .update(auditEvents)
      .set({
        actorName: sql`case when lower(trim(${auditEvents.actorName})) = ${given} then '(address erased)' else ${auditEvents.actorName} end`,
        summary: sql`case when ${mentioning(auditEvents.summary, email)} then '' else ${auditEvents.summary} end`,
      })
      .where(where.failedSignIns)
      .returning({ id: auditEvents.id });
    const [staff] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(staffUsers)
      .where(where.staffAccounts);
    const erased = {
      contactRequests: contacts.length,
      resourceLeads: leads.length,
      newsletterSubscriptions: subscriptions.length,
      outboxJobs: jobs.length,
      formOutcomes: flashes.length,
      failedSignIns: signIns.length,
    };
    const staffAccountsKept = Number(staff?.n ?? 0);
    return {
      erased,
      total: Object.values(erased).reduce((a, b) => a + b, 0),
      staffAccountsKept,
      message: staffAccountsKept ? PrivacyMessages.staffKept : '',
    };
  });
}

/** The audit's words for an export or erasure: how many records, by place, never the address. */
export function countsSummary(verb: string, counts: Partial<PersonalDataCounts>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n)
    .map(([kind, n]) => `${kind} ${n}`);
  const total = Object.values(counts).reduce<number>((a, b) => a + (b ?? 0), 0);
  return `${verb} ${total} record(s)${parts.length ? `: ${parts.join(', ')}` : ''}`;
}
