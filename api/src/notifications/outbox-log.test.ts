import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { DEFAULT_CONFIRMATION_TEXT } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { capturedLog } from '../test-support/captured-log';
import { saveNotificationSettings } from './notification-settings';
import { startOutboxWorker } from './outbox-worker';
import { startHookReceiver, storeContactLead } from './notifications-test-support';

/**
 * Issue 39 item 5: a delivery that fails is logged with its job id and the error, never with the
 * addresses it was for, even when the mail server's answer quotes them.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtpUrl: string;
let smtp: SMTPServer;
let hooks: Awaited<ReturnType<typeof startHookReceiver>>;

beforeAll(async () => {
  t = await createTestApp();
  // A real mail server that refuses every recipient, naming it, as real ones do.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const err = Object.assign(new Error(`<${address.address}>: Recipient address rejected: unknown user`), {
        responseCode: 550,
      });
      callback(err);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  hooks = await startHookReceiver(() => 'whsec_log_test');
  hooks.state.status = 500;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await hooks.close();
  await t.close();
});

describe('the outbox log', () => {
  it('names no e-mail address of a lead or a recipient when a delivery fails', async () => {
    await saveNotificationSettings(t.db, {
      recipients: ['sales.team@agency.test'],
      notifyNewsletter: false,
      confirmationText: DEFAULT_CONFIRMATION_TEXT,
      webhooks: {
        contacts: { url: hooks.url, secret: 'whsec_log_test', createdAt: new Date().toISOString() },
      },
    });
    await storeContactLead(t.db, {
      email: 'jane.visitor@client.test',
      firstName: 'Janet',
      lastName: 'Visitor',
    });
    const { log, lines, text } = capturedLog();
    const worker = startOutboxWorker({
      db: t.db,
      log,
      publicUrl: 'https://www.agency.test',
      smtpUrl,
      allowPrivateWebhooks: true,
      pollMs: 3_600_000,
      now: () => new Date(Date.now() + 1000),
    });
    try {
      expect(await worker.runDue()).toBe(3);
    } finally {
      await worker.stop();
    }
    const failures = lines.filter((l) => l['msg'] === 'notification failed; will retry');
    expect(failures).toHaveLength(3);
    // The error is still there to act on, with the address replaced.
    expect(failures.map((l) => l['err'])).toContainEqual(
      expect.stringMatching(/550 <\[address\]>: Recipient address rejected/),
    );
    expect(failures.map((l) => l['err'])).toContainEqual('the receiver answered HTTP 500');
    expect(text()).not.toMatch(/@client\.test|@agency\.test|Janet|Visitor/);
  });
});
