import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

const from = (ip: string | undefined) => clientAddress({ ip, socket: {} } as unknown as Request);

describe('client address', () => {
  it('keys IPv4 by address and IPv4-mapped IPv6 as that IPv4 address', () => {
    expect(from('203.0.113.9')).toBe('203.0.113.9');
    expect(from('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(from('::FFFF:cb00:7109')).toBe('203.0.113.9');
  });

  it('keys IPv6 by its /64 network, whatever the spelling', () => {
    const a = from('2001:db8:1:2::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(from('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(from('2001:db8:1:3::1')).not.toBe(a);
    expect(from('::1')).toBe('::/64');
  });

  it('puts anything unparseable in one bucket', () => {
    expect(from(undefined)).toBe('unknown');
    expect(from('not an address')).toBe('unknown');
  });
});
