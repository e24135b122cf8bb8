import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { outboxJobs } from '../db/schema';
import { exited, startServer, stopAll } from '../test-support/server-process';
import { DEFAULT_CONFIRMATION_TEXT } from '@agency/contracts';
import { saveNotificationSettings } from './notification-settings';
import { startSmtpServer, storeContactLead } from './notifications-test-support';

const LEADS = 8;
const until = async (what: string, ok: () => boolean, ms = 40_000) => {
  for (const deadline = Date.now() + ms; !ok();) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * The real server on PGlite, killed with SIGKILL while it sends a lead's e-mail and with the rest still
 * queued: restarted on the same folder, it sends every message, each once (issue 38 targets).
 */
describe('the outbox survives kill -9 (PGlite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-kill-'));
  const children: ChildProcess[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  afterAll(async () => {
    await stopAll(children);
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('sends every notification once after the instance is killed mid-send', async () => {
    // The leads and their jobs, stored as the lead stores do, before the server starts.
    const setup = await openDatabase({ dataDir });
    await saveNotificationSettings(setup.db, {
      recipients: ['sales@agency.test'],
      notifyNewsletter: false,
      confirmationText: DEFAULT_CONFIRMATION_TEXT,
      webhooks: {},
    });
    const jobs: string[] = [];
    for (let i = 0; i < LEADS; i++) jobs.push(...(await storeContactLead(setup.db)).jobs);
    await setup.close();
    expect(jobs).toHaveLength(LEADS * 2);

    smtp = await startSmtpServer();
    smtp.state.holdAt = 3;
    const port = 4300 + (process.pid % 200);
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      ADMIN_PASSWORD: 'outbox-kill-password',
    };
    const first = await startServer(env);
    children.push(first.child);
    await until('the third message to arrive', () => smtp!.state.held !== undefined);
    first.child.kill('SIGKILL');
    await exited(first.child);
    const acceptedBeforeKill = smtp.messages.length;
    expect(acceptedBeforeKill).toBe(2);

    const second = await startServer(env);
    children.push(second.child);
    await until(
      'every message to arrive',
      () => new Set(smtp!.messages.map((m) => m.messageId)).size === jobs.length,
    );
    await stopAll([second.child]);

    const ids = smtp.messages.map((m) => m.messageId);
    const figures = {
      leads: LEADS,
      jobs: jobs.length,
      sent: new Set(ids).size,
      duplicates: ids.length - new Set(ids).size,
      lost: jobs.filter((id) => !ids.some((m) => m === `<${id}@localhost>`)).length,
    };
    expect(figures).toEqual({ leads: LEADS, jobs: LEADS * 2, sent: LEADS * 2, duplicates: 0, lost: 0 });

    const after = await openDatabase({ dataDir });
    try {
      const rows = await after.db.select().from(outboxJobs);
      expect(rows.map((r) => r.status)).toEqual(Array(jobs.length).fill('sent'));
      expect(rows.filter((r) => r.claimedBy !== null)).toEqual([]);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('on SIGTERM hands the e-mail it is stuck sending back to the queue, attempt not counted', async () => {
    const termDir = mkdtempSync(path.join(tmpdir(), 'outbox-term-'));
    try {
      const setup = await openDatabase({ dataDir: termDir });
      await saveNotificationSettings(setup.db, {
        recipients: ['sales@agency.test'],
        notifyNewsletter: false,
        confirmationText: DEFAULT_CONFIRMATION_TEXT,
        webhooks: {},
      });
      await storeContactLead(setup.db);
      await setup.close();

      const mail = await startSmtpServer();
      mail.state.holdAt = 1;
      try {
        const port = 4500 + (process.pid % 200);
        const server = await startServer({
          PORT: String(port),
          DATA_DIR: termDir,
          SMTP_URL: mail.url,
          ADMIN_PASSWORD: 'outbox-term-password',
        });
        children.push(server.child);
        await until('the first message to arrive', () => mail.state.held !== undefined);
        server.child.kill('SIGTERM');
        expect(await exited(server.child)).toBe(0);
      } finally {
        await mail.close();
      }
      const after = await openDatabase({ dataDir: termDir });
      try {
        const rows = await after.db.select().from(outboxJobs);
        expect(rows.map((r) => [r.status, r.attempts, r.claimedBy])).toEqual([
          ['queued', 0, null],
          ['queued', 0, null],
        ]);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(termDir, { recursive: true, force: true });
    }
  }, 120_000);
});
