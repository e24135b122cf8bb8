import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A delivery that can never succeed as configured: the job fails at once instead of retrying a day. */
export class PermanentDeliveryError extends Error {}

export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the scheme docs/integrations.md verifies. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** Only ordinary internet addresses: no loopback, link-local, private, unique-local, multicast, reserved. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

const refusal = (host: string, address: string) =>
  new PermanentDeliveryError(
    `refused: ${host} resolves to ${address}, a loopback, link-local or private address ` +
      '(set WEBHOOK_ALLOW_PRIVATE=1 to allow it)',
  );

/** Checks a webhook URL where Settings save it: http(s), and every address it resolves to is public. */
export async function checkWebhookUrl(url: string, allowPrivate: boolean): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'A webhook URL must be an http(s) URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return 'A webhook URL must be an http(s) URL';
  if (parsed.username || parsed.password) return 'A webhook URL must not carry a user name or password';
  if (allowPrivate) return undefined;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `The webhook's host ${host} cannot be resolved`;
  }
  const bad = addresses.find((a) => !isPublicAddress(a));
  return bad ? refusal(host, bad).message : undefined;
}

/**
 * The connection's own DNS lookup, checked: the address the request connects to is the one tested, so
 * a name that resolves differently between a check and the connection (DNS rebinding) cannot slip by.
 */
const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as unknown as LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(refusal(hostname, bad.address), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

/** POSTs one signed delivery; resolves on a 2xx answer, throws otherwise (the outbox retries). */
export async function postWebhook(opts: {
  url: string;
  secret: string;
  jobId: string;
  body: string;
  allowPrivate: boolean;
  now: Date;
}): Promise<void> {
  const url = new URL(opts.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PermanentDeliveryError('A webhook URL must be an http(s) URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address never goes through lookup: test it here.
  if (ipaddr.isValid(host) && !opts.allowPrivate && !isPublicAddress(host)) throw refusal(host, host);
  const unix = Math.floor(opts.now.getTime() / 1000);
  const transport = url.protocol === 'https:' ? https : http;
  await new Promise<void>((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(opts.allowPrivate),
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(opts.body),
          'User-Agent': 'DistilledDigital-Webhooks/1',
          'X-Agency-Webhook-Id': opts.jobId,
          'X-Agency-Signature': signatureHeader(opts.secret, opts.body, unix),
        },
      },
      (res) => {
        // The answer's body is not needed: read and drop it (bounded by the timeout).
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`the receiver answered HTTP ${status}`));
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}
