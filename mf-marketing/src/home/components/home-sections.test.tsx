import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, HOMEPAGE_HERO_IDENTIFIER } from '@agency/contracts';
import { fakeApi, ok, renderScreen, serverError } from '@agency/ui/testing';
import { HeroSection } from './hero-section';
import { ServicesSection } from './services-section';
import { CaseStudiesSection } from './case-studies-section';
import { TestimonialsSection } from './testimonials-section';
import { AntidoteSection } from './antidote-section';
import { ProcessSection } from './process-section';

const HERO_URL = ApiRoutes.contentBlock(HOMEPAGE_HERO_IDENTIFIER);
const heroBlock = (content: unknown) =>
  ok({
    id: 1,
    name: 'Homepage hero',
    identifier: HOMEPAGE_HERO_IDENTIFIER,
    type: 'hero',
    content,
    published: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });

const metrics = () => screen.getAllByTestId('hero-metric').map((m) => m.textContent);

const expectDefaultHero = async () => {
  const h1 = await screen.findByRole('heading', { level: 1 });
  expect(h1.textContent).toBe('Digital Performance, Distilled.');
  expect(within(h1).getByText('Distilled.')).toBeTruthy();
  expect(metrics()).toEqual(['247%Avg. Traffic Growth', '$2.4MRevenue Generated', '40+Years Combined Exp.']);
  expect(screen.getByRole('link', { name: 'Start Your Growth Journey' }).getAttribute('href')).toBe(
    '/contact',
  );
  expect(screen.getByRole('link', { name: 'View Case Studies' }).getAttribute('href')).toBe('/case-studies');
};

describe('Home hero', () => {
  it('a block without the fields the hero does not show (createdAt, updatedAt, name) still shows its content', async () => {
    fakeApi({
      [HERO_URL]: ok({ identifier: HOMEPAGE_HERO_IDENTIFIER, content: { title: 'Lean, and fast' } }),
    });
    renderScreen(<HeroSection />);
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(within(h1).getByText('Lean,')).toBeTruthy();
    expect(within(h1).getByText('and fast')).toBeTruthy();
  });

  it('while loading shows a busy placeholder and no title', () => {
    fakeApi({ [HERO_URL]: 'pending' });
    renderScreen(<HeroSection />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('without the homepage-hero block (404) shows the spec defaults', async () => {
    fakeApi({});
    renderScreen(<HeroSection />);
    await expectDefaultHero();
  });

  it('on a server error shows the spec defaults', async () => {
    fakeApi({ [HERO_URL]: serverError });
    renderScreen(<HeroSection />);
    await expectDefaultHero();
  });

  it('shows the block: title split at the first comma, subtitle, metrics with bar widths and CTAs', async () => {
    fakeApi({
      [HERO_URL]: heroBlock({
        title: 'Growth, measured, and delivered',
        subtitle: 'Numbers first.',
        metrics: [
          { value: '10x', label: 'ROI', width: '50%' },
          { value: '3', label: 'Markets', width: '30%' },
          { value: '99%', label: 'Uptime', width: '99%' },
        ],
        primaryCTA: { text: 'Book a Call', href: '/contact' },
        secondaryCTA: { text: 'See Work', href: '/case-studies' },
      }),
    });
    renderScreen(<HeroSection />);
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(within(h1).getByText('Growth,')).toBeTruthy();
    expect(within(h1).getByText('measured, and delivered')).toBeTruthy();
    expect(screen.getByText('Numbers first.')).toBeTruthy();
    expect(metrics()).toEqual(['10xROI', '3Markets', '99%Uptime']);
    expect(screen.getAllByTestId('hero-metric-bar').map((b) => b.style.width)).toEqual(['50%', '30%', '99%']);
    expect(screen.getByRole('link', { name: 'Book a Call' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'See Work' }).getAttribute('href')).toBe('/case-studies');
  });

  it('a half-filled block keeps its valid fields and takes defaults for the rest', async () => {
    fakeApi({
      [HERO_URL]: heroBlock({
        title: 'Only a title',
        metrics: 'oops',
        primaryCTA: { text: 'Go', href: 'https://evil' },
      }),
    });
    renderScreen(<HeroSection />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent?.trim()).toBe('Only a title');
    expect(metrics()).toHaveLength(3);
    expect(screen.getByText('247%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Your Growth Journey' }).getAttribute('href')).toBe(
      '/contact',
    );
  });
});

const serviceLinks = () =>
  within(screen.getByTestId('home-services'))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

const FALLBACK_LINKS = [
  ['SEO & Content', '/services/seo-content'],
  ['Paid Media & PPC', '/services/paid-media-ppc'],
  ['Data & Analytics', '/services/data-analytics'],
];

describe('Home services grid', () => {
  it('while loading says so', () => {
    fakeApi({ [ApiRoutes.services]: 'pending' });
    renderScreen(<ServicesSection />);
    expect(screen.getByText('Loading services…')).toBeTruthy();
  });

  it('published services become cards linking to /services/{slug}', async () => {
    fakeApi({
      [ApiRoutes.services]: ok([
        { id: 1, title: 'SEO', slug: 'seo', description: 'Rank.', icon: 'search' },
        { id: 2, title: 'Shopify', slug: 'shopify', description: 'Sell.', icon: 'shopping' },
      ]),
    });
    renderScreen(<ServicesSection />);
    await screen.findByTestId('home-services');
    expect(serviceLinks()).toEqual([
      ['SEO', '/services/seo'],
      ['Shopify', '/services/shopify'],
    ]);
    expect(screen.getByText('Sell.')).toBeTruthy();
  });

  it('an empty list shows the three fallback cards', async () => {
    fakeApi({ [ApiRoutes.services]: ok([]) });
    renderScreen(<ServicesSection />);
    await screen.findByTestId('home-services');
    expect(serviceLinks()).toEqual(FALLBACK_LINKS);
  });

  it('a server error shows the three fallback cards', async () => {
    fakeApi({ [ApiRoutes.services]: serverError });
    renderScreen(<ServicesSection />);
    await screen.findByTestId('home-services');
    expect(serviceLinks()).toEqual(FALLBACK_LINKS);
  });

  it('an item without a slug is left out, a list missing displayOrder still shows', async () => {
    fakeApi({
      [ApiRoutes.services]: ok([
        { id: 1, title: 'No slug', description: 'x' },
        { id: 2, title: 'Web Design', slug: 'web-design', description: 'Build.' },
      ]),
    });
    renderScreen(<ServicesSection />);
    await screen.findByTestId('home-services');
    expect(serviceLinks()).toEqual([['Web Design', '/services/web-design']]);
  });
});

const caseStudy = (n: number, results = 4) => ({
  id: n,
  slug: `cs-${n}`,
  title: `Case ${n}`,
  imageUrl: null,
  industry: 'SaaS',
  duration: '3 months',
  challenge: `Problem ${n}`,
  results: Array.from({ length: results }, (_, i) => ({ metric: `M${i}`, value: `${i}0%` })),
  extraFieldTheCardIgnores: true,
});

const expectComingSoon = async () => {
  expect(
    await screen.findByText(
      "Case studies are coming soon. We're currently documenting our latest client successes.",
    ),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Discuss Your Project' }).getAttribute('href')).toBe('/contact');
};

describe('Home case studies', () => {
  it('while loading shows the pulsing skeleton', () => {
    fakeApi({ [ApiRoutes.caseStudies]: 'pending' });
    renderScreen(<CaseStudiesSection />);
    expect(screen.getByTestId('case-studies-loading')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Case Studies' }).getAttribute('href')).toBe(
      '/case-studies',
    );
  });

  it('at most 2 cards linking to their study, each with at most 3 results', async () => {
    fakeApi({ [ApiRoutes.caseStudies]: ok([caseStudy(1), caseStudy(2), caseStudy(3)]) });
    renderScreen(<CaseStudiesSection />);
    const list = await screen.findByTestId('home-case-studies');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/case-studies/cs-1', '/case-studies/cs-2']);
    for (const results of screen.getAllByTestId('case-study-results')) {
      expect(within(results).getAllByRole('definition')).toHaveLength(3);
    }
  });

  it('an item missing a field the card needs is skipped, the others still show', async () => {
    const broken = { ...caseStudy(1), title: undefined };
    fakeApi({ [ApiRoutes.caseStudies]: ok([broken, caseStudy(2)]) });
    renderScreen(<CaseStudiesSection />);
    const list = await screen.findByTestId('home-case-studies');
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Case 2']);
  });

  it('empty: the coming-soon note with Discuss Your Project', async () => {
    fakeApi({ [ApiRoutes.caseStudies]: ok([]) });
    renderScreen(<CaseStudiesSection />);
    await expectComingSoon();
  });

  it('error: the coming-soon note with Discuss Your Project', async () => {
    fakeApi({ [ApiRoutes.caseStudies]: serverError });
    renderScreen(<CaseStudiesSection />);
    await expectComingSoon();
  });
});

describe('Home testimonials', () => {
  it('with none published shows the two fallback testimonials and the six client names', async () => {
    fakeApi({ [ApiRoutes.testimonials]: ok([]) });
    renderScreen(<TestimonialsSection />);
    expect(await screen.findByText('Rachel Morgan')).toBeTruthy();
    expect(screen.getByText('David Okafor')).toBeTruthy();
    expect(within(screen.getByTestId('client-names')).getAllByRole('listitem')).toHaveLength(6);
  });

  it('one unreadable item is dropped; a missing field the card does not show (imageUrl) is no reason to', async () => {
    fakeApi({
      [ApiRoutes.testimonials]: ok([
        { id: 1, content: 'Great.', name: 'Ann Lee', title: 'CEO', company: 'Acme' },
        { id: 2, content: 42, name: null },
      ]),
    });
    renderScreen(<TestimonialsSection />);
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.queryByText('Rachel Morgan')).toBeNull();
  });

  it('on error shows the fallback testimonials', async () => {
    fakeApi({ [ApiRoutes.testimonials]: serverError });
    renderScreen(<TestimonialsSection />);
    expect(await screen.findByText('Rachel Morgan')).toBeTruthy();
  });

  it('published testimonials replace the fallbacks; the rating defaults to 5 stars', async () => {
    fakeApi({
      [ApiRoutes.testimonials]: ok([
        {
          id: 1,
          content: 'Great.',
          name: 'Ann Lee',
          title: 'CEO',
          company: 'Acme',
          imageUrl: null,
          rating: 4,
        },
        { id: 2, content: 'Superb.', name: 'Bo Chan', title: 'CMO', company: 'Beta', imageUrl: null },
      ]),
    });
    renderScreen(<TestimonialsSection />);
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('CEO, Acme')).toBeTruthy();
    expect(screen.queryByText('Rachel Morgan')).toBeNull();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
  });
});

describe('Home static sections', () => {
  it('the process has four steps', () => {
    renderScreen(<ProcessSection />);
    const section = screen.getByRole('region', { name: 'A Proven Four-Step Process' });
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('the antidote band shows its stats and links to /about', () => {
    renderScreen(<AntidoteSection />);
    expect(screen.getByRole('heading', { name: 'The Antidote to Bloated Agencies' })).toBeTruthy();
    expect(within(screen.getByTestId('antidote-stats')).getByText('95%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'More About Us' }).getAttribute('href')).toBe('/about');
  });
});
