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
async function insertContacts(db: Db, inputs: ContactInput[]): Promise<StoredContact[]> {
  const store = async (tx: Db) => {
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

/**
 * Stores one contact request: group-committed with the others of the moment (contactStore), or, in a
 * transaction (the HTML post records its outcome in the same one), as that transaction's own row.
 */
export async function storeContact(db: Db, input: ContactInput): Promise<StoredContact> {
  if ((db as unknown) instanceof PgTransaction) return (await insertContacts(db, [input]))[0]!;
  return contactStore(db)(input);
}

const stores = new WeakMap<Db, (input: ContactInput) => Promise<StoredContact>>();

/**
 * Stores contact requests with group commit: the requests that arrive while one statement runs (or
 * in the same turn of the event loop) go into the next one, a single multi-row INSERT: one statement,
 * one commit, one WAL flush for the group instead of one each (PGlite: about 6x less CPU per row at
 * groups of ten). A request's promise resolves with its own row only after the statement that holds
 * it has committed, so no 201 is sent for a row that is not stored. PostgreSQL returns an INSERT's
 * RETURNING rows in the order of its VALUES, which is how each request finds its row.
 */
export function contactStore(db: Db): (input: ContactInput) => Promise<StoredContact> {
  const existing = stores.get(db);
  if (existing) return existing;
  let queue: Pending[] = [];
  let flushing = false;

  const insert = (inputs: ContactInput[]) => insertContacts(db, inputs);

  async function flush() {
    while (queue.length) {
      const group = queue.length <= MAX_GROUP ? queue : queue.slice(0, MAX_GROUP);
      queue = queue.length <= MAX_GROUP ? [] : queue.slice(MAX_GROUP);
      try {
        const rows = await insert(group.map((p) => p.input));
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

  const add = (input: ContactInput) =>
    new Promise<StoredContact>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (flushing) return;
      flushing = true;
      // After this turn's other requests have been read: they join the first group.
      setImmediate(() => void flush());
    });
  stores.set(db, add);
  return add;
}
