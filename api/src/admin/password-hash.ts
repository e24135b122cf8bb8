import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { AdminMessages } from '@agency/contracts';
import { tooManyRequests } from '../http/errors';

/**
 * scrypt runs on libuv's worker threads (4 by default), which also read static files and compress.
 * At most SCRYPT_CONCURRENCY run at once and a few wait; beyond that the caller gets 429 at once, so
 * a flood of sign-ins cannot starve everything else.
 */
export const SCRYPT_CONCURRENCY = 2;
export const SCRYPT_QUEUE = 8;
export const PASSWORD_CHECKS_BUSY = AdminMessages.tooManySignIns;
const scryptSlots = pLimit(SCRYPT_CONCURRENCY);

const scryptAsync = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) => {
  if (scryptSlots.pendingCount >= SCRYPT_QUEUE) throw tooManyRequests(PASSWORD_CHECKS_BUSY, 1);
  return scryptSlots(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
};

const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;
const maxmemFor = (N: number, r: number) => 256 * N * r;

/** `scrypt$N$r$p$salt$hash` (salt and hash in base64): the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PARAMS;
  const key = await scryptAsync(password.normalize('NFC'), salt, KEY_LENGTH, {
    N,
    r,
    p,
    maxmem: maxmemFor(N, r),
  });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (![N, R, P].every((v) => Number.isInteger(v) && v > 0) || N > 2 ** 20 || R > 32 || P > 16) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length < 16) return false;
  const actual = await scryptAsync(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: maxmemFor(N, R),
  });
  return timingSafeEqual(actual, expected);
}

/** A password staff can type: 24 characters from an unambiguous alphabet (~137 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(48);
  let out = '';
  for (const b of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
    if (out.length === 24) break;
  }
  return out.length === 24 ? out : generatePassword();
}
