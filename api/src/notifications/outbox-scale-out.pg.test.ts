import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { outboxJobs } from '../db/schema';
import { exited, scratchDatabase, startServer, stopAll } from '../test-support/server-process';
import { DEFAULT_CONFIRMATION_TEXT } from '@agency/contracts';
import { saveNotificationSettings } from './notification-settings';
import { startHookReceiver, startSmtpServer, storeContactLead } from './notifications-test-support';

const baseUrl = process.env.TEST_DATABASE_URL;
const LEADS = 15;
const SECRET = 'whsec_scale_out_receiver_secret';
const until = async (what: string, ok: () => boolean, ms = 40_000) => {
  for (const deadline = Date.now() + ms; !ok();) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * Two real servers on one PostgreSQL database share the outbox (FOR UPDATE SKIP LOCKED); the one
 * caught sending an e-mail is killed with SIGKILL, and the other sends its job once the lease lapses.
 * Runs in `npm run test:pg`.
 */
describe.skipIf(!baseUrl)('the outbox on two instances, one killed mid-send (PostgreSQL)', () => {
  const children: ChildProcess[] = [];
  let db: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let hooks: Awaited<ReturnType<typeof startHookReceiver>> | undefined;
  afterAll(async () => {
    await stopAll(children);
    await smtp?.close();
    await hooks?.close();
    await db?.drop();
  }, 30_000);

  it('delivers every e-mail and webhook once, none lost, none twice', async () => {
    db = await scratchDatabase(baseUrl!, `outbox_${process.pid}_${Date.now()}`);
    smtp = await startSmtpServer();
    hooks = await startHookReceiver(() => SECRET);
    const setup = await openDatabase({ databaseUrl: db.url });
    const jobs: string[] = [];
    try {
      await saveNotificationSettings(setup.db, {
        recipients: ['sales@agency.test'],
        notifyNewsletter: false,
        confirmationText: DEFAULT_CONFIRMATION_TEXT,
        webhooks: { contacts: { url: hooks.url, secret: SECRET, createdAt: new Date().toISOString() } },
      });
      for (let i = 0; i < LEADS; i++) jobs.push(...(await storeContactLead(setup.db)).jobs);
    } finally {
      await setup.close();
    }
    expect(jobs).toHaveLength(LEADS * 3);

    smtp.state.holdAt = 6;
    const ports = [4500 + (process.pid % 100) * 2, 4501 + (process.pid % 100) * 2];
    const instances = ['a', 'b'];
    for (const [i, port] of ports.entries()) {
      const { child } = await startServer({
        PORT: String(port),
        DATABASE_URL: db.url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `outbox-pg-${i}-`)),
        SMTP_URL: smtp.url,
        MAIL_FROM: `leads-${instances[i]}@agency.test`,
        WEBHOOK_ALLOW_PRIVATE: '1',
        OUTBOX_LEASE_SECONDS: '5',
        ADMIN_PASSWORD: 'outbox-scale-out-password',
      });
      children.push(child);
    }
    await until('the sixth message to arrive', () => smtp!.state.held !== undefined);
    // Kill the instance that is sending it (each instance has its own sender).
    const victim = children[smtp.state.held === 'leads-a@agency.test' ? 0 : 1]!;
    victim.kill('SIGKILL');
    await exited(victim);

    const emailJobs = LEADS * 2;
    const distinct = (xs: string[]) => new Set(xs).size;
    await until(
      'every e-mail and webhook to arrive',
      () =>
        distinct(smtp!.messages.map((m) => m.messageId ?? '')) === emailJobs &&
        distinct(hooks!.received.map((h) => h.id)) === LEADS,
    );
    await stopAll(children);

    const mailIds = smtp.messages.map((m) => m.messageId ?? '');
    const hookIds = hooks.received.map((h) => h.id);
    const delivered = [...mailIds.map((m) => /^<([^@]+)@/.exec(m)?.[1] ?? m), ...hookIds];
    const figures = {
      leads: LEADS,
      jobs: jobs.length,
      sent: distinct(delivered),
      duplicates: delivered.length - distinct(delivered),
      lost: jobs.filter((id) => !delivered.includes(id)).length,
    };
    expect(figures).toEqual({ leads: LEADS, jobs: LEADS * 3, sent: LEADS * 3, duplicates: 0, lost: 0 });
    expect(hooks.received.every((h) => h.signatureValid)).toBe(true);

    const after = await openDatabase({ databaseUrl: db.url });
    try {
      const rows = await after.db.select().from(outboxJobs);
      expect(rows.map((r) => r.status)).toEqual(Array(jobs.length).fill('sent'));
    } finally {
      await after.close();
    }
  }, 90_000);
});
