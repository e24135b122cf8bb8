import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes } from '@agency/contracts';
import { fakeApi, ok, renderScreen, serverError } from '@agency/ui/testing';
import { ServicesPage } from './services-page';
import { ServiceDetailPage } from './service-detail-page';

const service = (slug: string, title: string, over: Record<string, unknown> = {}) => ({
  id: slug.length,
  slug,
  title,
  description: `${title} description.`,
  icon: 'search',
  visual: 'ocean',
  features: ['Audit', 'Strategy', 'Content', 'Links', 'Reporting'],
  provenResult: `${title} doubles leads`,
  displayOrder: 1,
  ...over,
});

describe('ServicesPage', () => {
  it('shows the hero with Discuss Your Needs, the four approach steps and the closing links', () => {
    fakeApi({ [ApiRoutes.services]: 'pending' });
    renderScreen(<ServicesPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Full-Funnel Growth');
    expect(screen.getByRole('link', { name: /Discuss Your Needs/ }).getAttribute('href')).toBe('/contact');
    const approach = screen.getByRole('region', { name: 'How Every Engagement Runs' });
    expect(
      within(approach)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Step 1: Audit & Analysis',
      'Step 2: Strategy Design',
      'Step 3: Expert Execution',
      'Step 4: Optimize & Scale',
    ]);
    expect(screen.getByRole('link', { name: /Get Your Free Strategy Session/ }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(screen.getByRole('link', { name: /View Case Studies/ }).getAttribute('href')).toBe(
      '/case-studies',
    );
  });

  it('while loading shows no service cards', () => {
    fakeApi({ [ApiRoutes.services]: 'pending' });
    renderScreen(<ServicesPage />);
    expect(screen.queryAllByTestId('service-card')).toHaveLength(0);
  });

  it('each published service is a card with its included list, proven result and Learn More link', async () => {
    fakeApi({
      [ApiRoutes.services]: ok([service('seo', 'SEO'), service('shopify', 'Shopify', { provenResult: '' })]),
    });
    renderScreen(<ServicesPage />);
    const cards = await screen.findAllByTestId('service-card');
    expect(cards).toHaveLength(2);
    const seo = cards[0]!;
    expect(within(seo).getByText('SEO description.')).toBeTruthy();
    expect(within(seo).getByText("What's included")).toBeTruthy();
    expect(within(seo).getByText('Reporting')).toBeTruthy();
    expect(within(seo).getByText('Proven results: SEO doubles leads')).toBeTruthy();
    expect(within(seo).getByRole('link', { name: 'Learn More about SEO' }).getAttribute('href')).toBe(
      '/services/seo',
    );
    expect(within(cards[1]!).queryByText(/Proven results/)).toBeNull();
  });

  it('an empty list says the services are being updated, with a contact link', async () => {
    fakeApi({ [ApiRoutes.services]: ok([]) });
    renderScreen(<ServicesPage />);
    expect(await screen.findByText(/Our services are being updated/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact');
  });

  it('a server error says the same, not a broken page', async () => {
    fakeApi({ [ApiRoutes.services]: serverError });
    renderScreen(<ServicesPage />);
    expect(await screen.findByText(/Our services are being updated/)).toBeTruthy();
  });
});

const DETAIL = {
  ...service('seo', 'SEO & Content Marketing'),
  subtitle: 'Be found first',
  intro: 'We grow organic revenue.',
  features: [
    { title: 'Technical SEO', description: 'Crawl, index, speed.' },
    { title: 'Content', description: 'Pages that rank.' },
  ],
  benefits: ['More traffic', 'More leads'],
  process: [
    { phase: 'Audit', description: 'Find the gaps.' },
    { phase: 'Plan', description: 'Order the work.' },
  ],
  testimonial: { quote: 'Traffic tripled.', author: 'Sam Ortiz', role: 'CMO, Acme' },
};

const renderDetail = (slug: string) =>
  renderScreen(<ServiceDetailPage />, { path: `/services/${slug}`, route: '/services/:slug' });

const expectNotFound = async () => {
  expect(await screen.findByRole('heading', { level: 1, name: 'Service Not Found' })).toBeTruthy();
  expect(screen.getByText("The service you're looking for doesn't exist.")).toBeTruthy();
  expect(screen.getByRole('link', { name: /View All Services/ }).getAttribute('href')).toBe('/services');
};

describe('ServiceDetailPage', () => {
  it('while loading shows an announced skeleton', () => {
    fakeApi({ [ApiRoutes.service('seo')]: 'pending' });
    renderDetail('seo');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('Service Not Found')).toBeNull();
  });

  it('an unknown slug shows "Service Not Found" with a link to /services', async () => {
    fakeApi({});
    renderDetail('astrology');
    await expectNotFound();
  });

  it('a server error shows "Service Not Found"', async () => {
    fakeApi({ [ApiRoutes.service('seo')]: serverError });
    renderDetail('seo');
    await expectNotFound();
  });

  it('a malformed slug is never fetched', async () => {
    const api = fakeApi({});
    renderDetail('SEO!!');
    await expectNotFound();
    expect(api.calls).toHaveLength(0);
  });

  it('a found service shows hero, results, included features, numbered process, testimonial and CTA', async () => {
    fakeApi({ [ApiRoutes.service('seo')]: ok(DETAIL) });
    renderDetail('seo');
    expect(await screen.findByRole('heading', { level: 1, name: 'SEO & Content Marketing' })).toBeTruthy();
    expect(screen.getByText('Be found first')).toBeTruthy();
    expect(screen.getByText('We grow organic revenue.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Get Started Today/ }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: /View Results/ }).getAttribute('href')).toBe('/case-studies');
    expect(screen.getByRole('heading', { name: 'Proven Results' })).toBeTruthy();
    expect(screen.getByText('More leads')).toBeTruthy();
    expect(screen.getByRole('heading', { name: "What's Included" })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Technical SEO' })).toBeTruthy();
    expect(screen.getByText('Crawl, index, speed.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Our Process' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Plan$/ })).toBeTruthy();
    expect(screen.getByText(/Traffic tripled\./)).toBeTruthy();
    expect(screen.getByText('CMO, Acme')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ready to Grow With SEO & Content Marketing?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Get Your Free Strategy Session/ }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(screen.getByRole('link', { name: /View All Services/ }).getAttribute('href')).toBe('/services');
  });

  it('a service without benefits, process or testimonial leaves those sections out', async () => {
    fakeApi({
      [ApiRoutes.service('seo')]: ok({ ...DETAIL, benefits: [], process: [], testimonial: null }),
    });
    renderDetail('seo');
    await screen.findByRole('heading', { level: 1, name: 'SEO & Content Marketing' });
    expect(screen.queryByRole('heading', { name: 'Proven Results' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Our Process' })).toBeNull();
    expect(screen.queryByText('Client Testimonial')).toBeNull();
  });

  it('an answer without displayOrder (a field the page never shows) still shows the service', async () => {
    const { displayOrder: _unused, ...withoutOrder } = DETAIL;
    fakeApi({ [ApiRoutes.service('seo')]: ok(withoutOrder) });
    renderDetail('seo');
    expect(await screen.findByRole('heading', { level: 1, name: 'SEO & Content Marketing' })).toBeTruthy();
  });
});

describe('a service page shows only what its record says (issue 25 item 1)', () => {
  const BARE = {
    ...service('email', 'Email Growth'),
    description: 'Lifecycle email that sells without discounting.',
    subtitle: '',
    intro: '',
    provenResult: '',
    features: [
      { title: 'Lifecycle Flows', description: 'Welcome and win-back flows.' },
      { title: 'Campaigns', description: 'Weekly sends.' },
    ],
    benefits: [],
    process: [],
    testimonial: null,
  };

  it('a service with only a title, a description and two features shows its description and counts them as two', async () => {
    fakeApi({ [ApiRoutes.service('email')]: ok(BARE) });
    renderDetail('email');
    await screen.findByRole('heading', { level: 1, name: 'Email Growth' });
    const main = document.body.textContent ?? '';
    expect(screen.getByTestId('service-tagline').textContent).toBe(
      'Lifecycle email that sells without discounting.',
    );
    expect(main).toContain('Two workstreams, run by the same senior team');
    expect(screen.getByTestId('glance-facts').textContent).toContain('Two workstreams included');
    expect(main).not.toMatch(/Five workstreams|5\+ years|30–60 days|Weekly check-ins/);
  });

  it('with a subtitle, the description becomes the introduction when none is written', async () => {
    fakeApi({ [ApiRoutes.service('email')]: ok({ ...BARE, subtitle: 'Flows that pay for themselves.' }) });
    renderDetail('email');
    await screen.findByRole('heading', { level: 1, name: 'Email Growth' });
    expect(screen.getByTestId('service-tagline').textContent).toBe('Flows that pay for themselves.');
    expect(screen.getByTestId('service-intro').textContent).toBe(
      'Lifecycle email that sells without discounting.',
    );
  });

  it('the counts of benefits and steps are the record’s, in words', async () => {
    fakeApi({ [ApiRoutes.service('seo')]: ok(DETAIL) });
    renderDetail('seo');
    await screen.findByRole('heading', { level: 1, name: 'SEO & Content Marketing' });
    const facts = screen.getByTestId('glance-facts').textContent;
    expect(facts).toContain('Two workstreams included');
    expect(facts).toContain('Two steps from first call to results');
    expect(facts).toContain('Two results clients see');
  });

  it('/services counts the published services in words: seven, not six', async () => {
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((x) => service(`s-${x}`, `Service ${x}`));
    fakeApi({ [ApiRoutes.services]: ok(seven) });
    renderScreen(<ServicesPage />);
    await screen.findAllByTestId('service-card');
    expect(document.body.textContent).toContain('Seven disciplines, one team and one set of numbers.');
    expect(document.body.textContent).not.toContain('Six disciplines');
  });
});
