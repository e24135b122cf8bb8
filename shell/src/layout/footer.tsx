import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Container,
  FALLBACK_SITE_SETTINGS,
  httpsUrlOrUndefined,
  servicesQueryOptions,
  siteSettingsQueryOptions,
  telHref,
  type SiteSettings,
  type SocialPlatform,
  LabelledList,
} from '@agency/ui';
import { FOOTER_COPYRIGHT_YEAR, FOUNDING_SERVICES } from '@agency/contracts/content-values';
import { sitePath } from '@agency/contracts/site-routes';
import { useFooterLinks } from './nav-links';
import { RemoteModule } from '@agency/ui/remote-module';
import { Wordmark } from './wordmark';

/** The pages' own footer links (nav-links.ts), then the privacy policy: a CMS page, not a route of its own. */
const PRIVACY_LINK = { href: '/privacy', label: 'Privacy Policy' };
/** Icons and names per platform; the URLs come from the site settings (CMS). */
const SOCIAL_PLATFORMS: { key: SocialPlatform; label: string; path: string }[] = [
  {
    key: 'linkedin',
    label: 'LinkedIn',
    path: 'M4 4h4v4H4zM4 10h4v10H4zM10 10h4v1.5c.6-1 1.9-1.8 3.5-1.8 2.8 0 4.5 1.8 4.5 5.2V20h-4v-4.6c0-1.6-.7-2.4-1.9-2.4s-2.1.9-2.1 2.4V20h-4z',
  },
  {
    key: 'x',
    label: 'X (Twitter)',
    path: 'M4 4h4.5l4 5.6L17 4h3l-6 7.3L21 20h-4.5l-4.3-6-5 6H4l6.8-8.1z',
  },
  {
    key: 'instagram',
    label: 'Instagram',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  },
  {
    key: 'youtube',
    label: 'YouTube',
    path: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
  },
];

/** The settings' links with a usable https URL, in the fixed platform order. */
function socialLinksOf(settings: SiteSettings) {
  return SOCIAL_PLATFORMS.flatMap((p) => {
    const href = httpsUrlOrUndefined(settings.socialLinks[p.key]);
    return href ? [{ ...p, href }] : [];
  });
}

export function Footer() {
  // Shares the ['site-settings'] query with the contact page; the seeded values show meanwhile.
  const { data: settings = FALLBACK_SITE_SETTINGS } = useQuery(siteSettingsQueryOptions);
  const socialLinks = socialLinksOf(settings);
  const companyLinks = useFooterLinks();
  const email = settings.contactEmail.trim();
  const phone = settings.contactPhone.trim();
  // The published services, as the CMS orders them (the server render prefetches them); while they
  // are missing or empty, the spec's six.
  const { data } = useQuery(servicesQueryOptions);
  const services = data?.length ? data : FOUNDING_SERVICES;
  const serviceLinks = services.map((s) => ({ href: sitePath('service', { slug: s.slug }), label: s.title }));
  return (
    <footer className="bg-ink-950 text-slate-300">
      <section id="newsletter" aria-labelledby="newsletter-heading" className="border-b border-white/10">
        <Container className="flex flex-col items-start justify-between gap-6 py-12 lg:flex-row lg:items-center">
          <div>
            <h2 id="newsletter-heading" className="text-2xl font-bold text-white">
              Get growth insights in your inbox
            </h2>
            <p className="mt-2 max-w-xl text-slate-300">
              One practical email a month on SEO, paid media and analytics. No fluff, unsubscribe any time.
            </p>
          </div>
          <div className="min-h-[44px] w-full max-w-md">
            <RemoteModule remote="mf_contact" module="NewsletterSignup" compact defer />
          </div>
        </Container>
      </section>
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Wordmark />
          <p className="mt-4 max-w-sm text-sm">
            Clarity in data. Creativity in growth. A senior-led digital marketing agency for ambitious brands.
          </p>
          {email || phone ? (
            <LabelledList className="mt-4 grid gap-1 text-sm" label="Contact details">
              {email ? (
                <li>
                  <a
                    href={`mailto:${email}`}
                    className="hover:text-white focus-visible:outline-2 focus-visible:outline-brand-300"
                  >
                    {email}
                  </a>
                </li>
              ) : null}
              {phone ? (
                <li>
                  <a
                    href={`tel:${telHref(phone)}`}
                    className="hover:text-white focus-visible:outline-2 focus-visible:outline-brand-300"
                  >
                    {phone}
                  </a>
                </li>
              ) : null}
            </LabelledList>
          ) : null}
          {socialLinks.length > 0 && (
            <LabelledList className="mt-6 flex gap-3" label="Social media">
              {socialLinks.map((s) => (
                <li key={s.key}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${s.label} (opens in a new tab)`}
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-brand-300"
                  >
                    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                      <path d={s.path} />
                    </svg>
                  </a>
                </li>
              ))}
            </LabelledList>
          )}
        </div>
        <FooterLinks title="Services" links={serviceLinks} />
        <FooterLinks title="Company" links={[...companyLinks, PRIVACY_LINK]} />
      </Container>
      <div className="border-t border-white/10">
        <Container className="py-6 text-sm">
          {`© ${FOOTER_COPYRIGHT_YEAR} ${settings.siteName}. All rights reserved.`}
        </Container>
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      <ul className="mt-4 grid gap-2 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <Link
              to={l.href}
              className="hover:text-white focus-visible:outline-2 focus-visible:outline-brand-300"
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
