import type { RemoteName } from '@agency/contracts';

/** Which remote renders a path (mirrors shell/src/app/router.tsx), for preloading its entry. */
export function remoteForPath(p: string): RemoteName | undefined {
  if (p === '/' || p === '/about' || p === '/services' || p.startsWith('/services/')) return 'mf_marketing';
  if (p === '/contact') return 'mf_contact';
  if (p === '/cms') return 'mf_cms';
  if (/^\/(case-studies|blog)(\/[^/]+)?$/.test(p) || p === '/resources') return 'mf_content';
  if (/^\/[^/]+$/.test(p)) return 'mf_content';
  return undefined;
}
