import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * Who a limit counts: the client's IPv4 address, or the /64 network of an IPv6 address (one subscriber
 * usually holds a whole /64, so counting single IPv6 addresses would give them billions of budgets).
 * An IPv4-mapped IPv6 address (`::ffff:203.0.113.9`, as a dual-stack socket reports IPv4 clients)
 * is the IPv4 address. `req.ip` already honours the configured proxy hops (TRUST_PROXY).
 */
export function clientAddress(req: Request): string {
  const raw = req.ip ?? req.socket.remoteAddress;
  if (!raw || !ipaddr.isValid(raw)) return 'unknown';
  const addr = ipaddr.process(raw);
  if (addr.kind() === 'ipv4') return addr.toString();
  const network = new ipaddr.IPv6([...(addr as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}
