import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Db } from '../db/client';
import { contactRequests } from '../db/schema';
import { enqueueLeadNotifications } from './outbox';

/**
 * A real SMTP server on the loopback that keeps every message it accepts, parsed. `refuse` > 0 makes
 * it answer that many messages with a temporary failure (451) before accepting again; `holdAt` = n
 * leaves the n-th message it receives unanswered (its sender waits; `held` names the envelope sender).
 */
export async function startSmtpServer() {
  const messages: ParsedMail[] = [];
  /** The envelope sender of each accepted message, in the order of `messages`. */
  const senders: string[] = [];
  const state = { refuse: 0, refused: 0, arrivals: 0, holdAt: 0, held: undefined as string | undefined };
  const pending: ((err?: Error) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          if (++state.arrivals === state.holdAt) {
            state.held = from;
            pending.push(callback);
            return;
          }
          if (state.refuse > 0) {
            state.refuse--;
            state.refused++;
            const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
            return callback(err);
          }
          messages.push(mail);
          senders.push(from);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    senders,
    state,
    close: () => {
      for (const answer of pending.splice(0)) answer(new Error('closing'));
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ReceivedHook {
  id: string;
  signatureValid: boolean;
  body: Record<string, unknown>;
}

/** Checks `X-Agency-Signature: t=…,v1=…` as docs/integrations.md tells receivers to. */
export function verifySignature(secret: string, header: string, rawBody: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  if (!parts['t'] || !parts['v1']) return false;
  const expected = createHmac('sha256', secret).update(`${parts['t']}.${rawBody}`).digest();
  const given = Buffer.from(parts['v1'], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A real HTTP receiver for webhooks; `status` is what it answers (200 unless a test changes it). */
export async function startHookReceiver(secret: () => string) {
  const received: ReceivedHook[] = [];
  const state = { status: 200, hold: undefined as Promise<void> | undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({
        id: String(req.headers['x-agency-webhook-id']),
        signatureValid: verifySignature(secret(), String(req.headers['x-agency-signature'] ?? ''), raw),
        body: JSON.parse(raw) as Record<string, unknown>,
      });
      void (state.hold ?? Promise.resolve()).then(() => res.writeHead(state.status).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let leadNumber = 0;
/** Stores a contact request and its notifications in one transaction, as the contact store does. */
export async function storeContactLead(db: Db, overrides: Partial<typeof contactRequests.$inferInsert> = {}) {
  const n = ++leadNumber;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactRequests)
      .values({
        firstName: 'Jane',
        lastName: `Doe ${n}`,
        email: `jane${n}@client.test`,
        company: 'Acme',
        budget: '10k-25k',
        goals: 'More qualified leads',
        ...overrides,
      })
      .returning();
    const jobs = await enqueueLeadNotifications(tx, { type: 'contacts', ...row! });
    return { lead: row!, jobs };
  });
}
