import type { Resolver } from 'react-hook-form';
import type { NewsletterInput } from '@agency/contracts/browser';

/**
 * The newsletter contract's check, loaded when the form is first sent: the footer form is on every
 * page, and zod with the form schemas would otherwise be part of every page's first load (about 5 KB
 * compressed on /). The server checks the same contract whatever the browser did.
 */
export const newsletterResolver: Resolver<NewsletterInput> = async (values, context, options) => {
  const [{ zodResolver }, { newsletterSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@agency/contracts/forms'),
  ]);
  return zodResolver(newsletterSchema)(values, context, options);
};
