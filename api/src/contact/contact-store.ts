import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { contactRequests } from '../db/schema';
import { enqueueLeadNotifications } from '../notifications/outbox';

type ContactInput = typeof contactRequests.$inferInsert;
export interface StoredContact {
  id: number;
  createdAt: string;
}

interface Pending {
  input: ContactInput;
  /** performance.now() when the request joined the queue. */
  queuedAt: number;
  resolve: (row: StoredContact) => void;
  reject: (err: unknown) => void;
}

/** Rows per statement at most (8 parameters a row; PostgreSQL takes 65,535). */
const MAX_GROUP = 200;

/**
 * SQLSTATE classes that say the statement was refused and rolled back because of a row's values
 * (22 data exception, 23 integrity constraint): only then is each row of a group tried on its own.
 * Anything else (a lost connection, a timeout) may have happened after the commit, and retrying
 * could store a row twice: every request of the group fails instead, none acknowledged.
 */
const refusedForItsValues = (err: unknown): boolean => {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23]/.test(code)) return true;
  }
  return false;
};

/**
 * Stores `inputs` with the notifications they cause, in one transaction (the caller's, or its own):
 * one statement for the rows, one for their outbox jobs; answers the rows in the order given.
 */
async function insertContacts(db: Db, inputs: ContactInput[], timeoutMs?: number): Promise<StoredContact[]> {
  const store = async (tx: Db) => {
    // What is left of the statement timeout for a group that waited in the queue behind another one.
    if (timeoutMs !== undefined)
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.ceil(timeoutMs)}`));
    const rows = await tx
      .insert(contactRequests)
      .values(inputs)
      .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt });
    await enqueueLeadNotifications(
      tx,
      rows.map((row, i) => {
        const { firstName, lastName, email, company, budget, goals, source } = inputs[i]!;
        return { type: 'contacts', firstName, lastName, email, company, budget, goals, source, ...row };
      }),
    );
    return rows;
  };
  return (db as unknown) instanceof PgTransaction
    ? store(db)
    : db.transaction((tx) => store(tx as unknown as Db));
}

/** The app's group-committing contact store (contactStore, made once in createApp). */
export type ContactStore = (input: ContactInput) => Promise<StoredContact>;

/**
 * Stores one contact request: group-committed with the others of the moment (`contacts`), or, in a
 * transaction (the HTML post records its outcome in the same one), as that transaction's own row.
 */
export async function storeContact(
  contacts: ContactStore,
  db: Db,
  input: ContactInput,
): Promise<StoredContact> {
  if ((db as unknown) instanceof PgTransaction) return (await insertContacts(db, [input]))[0]!;
  return contacts(input);
}

/** Less than this left of the timeout: not worth starting the statement. */
const MIN_STATEMENT_MS = 50;

/** Answered like a statement the database cancelled (503 with Retry-After). */
const queueTimeout = () =>
  Object.assign(new Error('contact request waited past the statement timeout in the queue'), {
    code: '57014',
  });

/** The database's statement_timeout in ms (0: none, as on PGlite), asked once per database. */
async function statementTimeoutOf(db: Db): Promise<number> {
  try {
    const result = (await db.execute(sql`show statement_timeout`)) as unknown as {
      rows: { statement_timeout?: string }[];
    };
    const value = result.rows[0]?.statement_timeout ?? '0';
    const m = /^(\d+)\s*(ms|s|min|h)?$/.exec(value.trim());
    if (!m) return 0;
    const unit = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 }[m[2] ?? 'ms'] ?? 1;
    return Number(m[1]) * unit;
  } catch {
    return 0;
  }
}

/**
 * Stores contact requests with group commit: the requests that arrive while one statement runs (or
 * in the same turn of the event loop) go into the next one, a single multi-row INSERT: one statement,
 * one commit, one WAL flush for the group instead of one each (PGlite: about 6x less CPU per row at
 * groups of ten). A request's promise resolves with its own row only after the statement that holds
 * it has committed, so no 201 is sent for a row that is not stored. PostgreSQL returns an INSERT's
 * RETURNING rows in the order of its VALUES, which is how each request finds its row.
 */
export function contactStore(db: Db): ContactStore {
  let queue: Pending[] = [];
  let flushing = false;

  const insert = (inputs: ContactInput[], timeoutMs?: number) => insertContacts(db, inputs, timeoutMs);
  const limit = statementTimeoutOf(db);

  async function flush() {
    while (queue.length) {
      const group = queue.length <= MAX_GROUP ? queue : queue.slice(0, MAX_GROUP);
      queue = queue.length <= MAX_GROUP ? [] : queue.slice(MAX_GROUP);
      // A request waits at most the statement timeout in all, queue included (not one statement's
      // worth behind a blocked group and then its own): what is left bounds its group's statement.
      const bound = await limit;
      const left = bound ? bound - (performance.now() - group[0]!.queuedAt) : undefined;
      if (left !== undefined && left < MIN_STATEMENT_MS) {
        for (const p of group) p.reject(queueTimeout());
        continue;
      }
      try {
        const rows = await insert(
          group.map((p) => p.input),
          left,
        );
        if (rows.length !== group.length)
          throw new Error(`stored ${rows.length} of ${group.length} contacts`);
        group.forEach((p, i) => p.resolve(rows[i]!));
      } catch (err) {
        if (group.length === 1 || !refusedForItsValues(err)) {
          for (const p of group) p.reject(err);
          continue;
        }
        // One row's values spoilt the group (nothing of it was stored): each on its own.
        for (const p of group) {
          await insert([p.input]).then(([row]) => p.resolve(row!), p.reject);
        }
      }
    }
    flushing = false;
  }

  return (input) =>
    new Promise<StoredContact>((resolve, reject) => {
      queue.push({ input, queuedAt: performance.now(), resolve, reject });
      if (flushing) return;
      flushing = true;
      // After this turn's other requests have been read: they join the first group.
      setImmediate(() => void flush());
    });
}
