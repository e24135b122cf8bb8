import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, type CaseStudy } from '@agency/contracts/browser';
import { fakeApi, ok, renderScreen, serverError } from '@agency/ui/testing';
import { CaseStudiesPage } from './case-studies-page';
import { CaseStudyDetailPage } from './case-study-detail-page';

const study = (n: number, over: Partial<CaseStudy> = {}): CaseStudy => ({
  id: n,
  slug: `study-${n}`,
  title: `Study ${n}`,
  client: `Client ${n}`,
  industry: 'Retail',
  duration: '6 months',
  challenge: `Challenge ${n}`,
  solution: `Solution ${n}`,
  results: [
    { metric: 'Revenue', value: '+120%' },
    { metric: 'Traffic', value: '+80%' },
    { metric: 'Leads', value: '3x' },
    { metric: 'CPA', value: '-40%' },
  ],
  services: ['SEO', 'Paid Media', 'Analytics', 'CRO'],
  imageUrl: null,
  createdAt: '2026-02-14T12:00:00.000Z',
  published: true,
  ...over,
});

describe('CaseStudiesPage', () => {
  it('while loading shows the hero stats and a skeleton of 4 cards', () => {
    fakeApi({ [ApiRoutes.caseStudies]: 'pending' });
    renderScreen(<CaseStudiesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Real Results for Real Businesses' })).toBeTruthy();
    expect(screen.getByText('Success Stories')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading case studies…');
    expect(screen.getAllByTestId('case-study-skeleton')).toHaveLength(4);
  });

  it('an API error: "Unable to Load Case Studies" with the spec copy and Return Home to /', async () => {
    fakeApi({ [ApiRoutes.caseStudies]: serverError });
    renderScreen(<CaseStudiesPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unable to Load Case Studies' }),
    ).toBeTruthy();
    expect(
      screen.getByText("We're experiencing technical difficulties. Please try again later."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Real Results for Real Businesses')).toBeNull();
  });

  it('no items: "Case Studies Coming Soon" with links to /contact and /services, and no call to action', async () => {
    fakeApi({ [ApiRoutes.caseStudies]: ok([]) });
    renderScreen(<CaseStudiesPage />);
    expect(await screen.findByRole('heading', { name: 'Case Studies Coming Soon' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discuss Your Project' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Explore Our Services' }).getAttribute('href')).toBe('/services');
    expect(screen.queryByText('Ready to Be Our Next Success Story?')).toBeNull();
  });

  it('items: one card each, linking to its study, with at most 3 results and 3 services', async () => {
    fakeApi({ [ApiRoutes.caseStudies]: ok([study(1), study(2, { imageUrl: '/img/2.jpg' })]) });
    renderScreen(<CaseStudiesPage />);
    const first = (await screen.findByRole('heading', { name: 'Study 1' })).closest('li')!;
    expect(within(first).getByText('Retail')).toBeTruthy();
    expect(within(first).getByText('6 months')).toBeTruthy();
    expect(within(first).getByText('Challenge 1')).toBeTruthy();
    expect(within(first).getByText('Solution 1')).toBeTruthy();
    const results = within(within(first).getByRole('list', { name: 'Key results' })).getAllByRole('listitem');
    expect(results.map((r) => r.textContent)).toEqual(['+120%Revenue', '+80%Traffic', '3xLeads']);
    const services = within(within(first).getByRole('list', { name: 'Services' })).getAllByRole('listitem');
    expect(services.map((s) => s.textContent)).toEqual(['SEO', 'Paid Media', 'Analytics']);
    expect(
      within(first)
        .getByRole('link', { name: /Read Full Study/ })
        .getAttribute('href'),
    ).toBe('/case-studies/study-1');
    expect(within(first).queryByRole('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Illustration for Study 2' }).getAttribute('src')).toBe(
      '/img/2.jpg',
    );
  });

  it('a study without a slug is left out, the others still show; odd results and services read as none', async () => {
    fakeApi({
      [ApiRoutes.caseStudies]: ok([
        { ...study(1), slug: 42 },
        { ...study(2), results: 'not a list', services: [{ name: 'SEO' }], newField: 1 },
      ]),
    });
    renderScreen(<CaseStudiesPage />);
    const second = (await screen.findByRole('heading', { name: 'Study 2' })).closest('li')!;
    expect(screen.queryByRole('heading', { name: 'Study 1' })).toBeNull();
    expect(within(second).getByText('Challenge 2')).toBeTruthy();
    expect(within(second).queryByRole('list', { name: 'Key results' })).toBeNull();
    expect(
      within(second)
        .getByRole('link', { name: /Read Full Study/ })
        .getAttribute('href'),
    ).toBe('/case-studies/study-2');
  });

  it('items: the call to action is shown', async () => {
    fakeApi({ [ApiRoutes.caseStudies]: ok([study(1)]) });
    renderScreen(<CaseStudiesPage />);
    expect(await screen.findByRole('heading', { name: 'Ready to Be Our Next Success Story?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Your Growth Journey' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(screen.queryByText('Case Studies Coming Soon')).toBeNull();
  });
});

const renderDetail = (slug: string) =>
  renderScreen(<CaseStudyDetailPage />, { path: `/case-studies/${slug}`, route: '/case-studies/:slug' });

const expectNotFound = async () => {
  expect(await screen.findByRole('heading', { level: 1, name: 'Case Study Not Found' })).toBeTruthy();
  expect(screen.getByText("The case study you're looking for doesn't exist or has been moved.")).toBeTruthy();
  expect(screen.getByRole('link', { name: 'View All Case Studies' }).getAttribute('href')).toBe(
    '/case-studies',
  );
};

describe('CaseStudyDetailPage', () => {
  it('while loading shows an announced skeleton', () => {
    fakeApi({ [ApiRoutes.caseStudy('study-1')]: 'pending' });
    renderDetail('study-1');
    expect(screen.getByRole('status').textContent).toContain('Loading case study…');
  });

  it('a library image renders as <picture> (AVIF, WebP, original with its size); another URL as a plain <img>', async () => {
    const image = {
      src: '/uploads/abc.png',
      width: 1200,
      height: 675,
      alt: 'Chart of bookings',
      sources: [
        { type: 'image/avif' as const, srcset: '/uploads/abc-480.avif 480w, /uploads/abc-1200.avif 1200w' },
        { type: 'image/webp' as const, srcset: '/uploads/abc-480.webp 480w, /uploads/abc-1200.webp 1200w' },
      ],
    };
    fakeApi({ [ApiRoutes.caseStudy('study-1')]: ok(study(1, { imageUrl: '/uploads/abc.png', image })) });
    renderDetail('study-1');
    const img = await screen.findByRole('img', { name: 'Chart of bookings' });
    const picture = img.closest('picture')!;
    expect([...picture.querySelectorAll('source')].map((s) => [s.type, s.getAttribute('srcset')])).toEqual([
      ['image/avif', image.sources[0]!.srcset],
      ['image/webp', image.sources[1]!.srcset],
    ]);
    expect(picture.querySelector('source')!.getAttribute('sizes')).toBeTruthy();
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('decoding')]).toEqual([
      '1200',
      '675',
      'async',
    ]);
  });

  it('a case study whose image is not a library file shows the plain <img> as before', async () => {
    fakeApi({ [ApiRoutes.caseStudy('study-1')]: ok(study(1, { imageUrl: 'https://cdn.example/x.png' })) });
    renderDetail('study-1');
    const img = await screen.findByRole('img', { name: 'Illustration for Study 1' });
    expect(img.closest('picture')).toBeNull();
    expect(img.getAttribute('src')).toBe('https://cdn.example/x.png');
    expect(img.getAttribute('width')).toBe('1200');
  });

  it('an unknown slug shows "Case Study Not Found"', async () => {
    fakeApi({});
    renderDetail('nope');
    await expectNotFound();
  });

  it('a server error shows "Case Study Not Found"', async () => {
    fakeApi({ [ApiRoutes.caseStudy('study-1')]: serverError });
    renderDetail('study-1');
    await expectNotFound();
  });

  it('a malformed slug is not fetched and shows "Case Study Not Found"', async () => {
    const api = fakeApi({});
    renderDetail('NOT_A_SLUG');
    await expectNotFound();
    expect(api.calls).toHaveLength(0);
  });

  it('a found study shows its header, date, all results twice, story and project details', async () => {
    fakeApi({ [ApiRoutes.caseStudy('study-1')]: ok(study(1, { imageUrl: '/img/1.jpg' })) });
    renderDetail('study-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Study 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Case Studies/ }).getAttribute('href')).toBe(
      '/case-studies',
    );
    expect(screen.getByText('February 14, 2026')).toBeTruthy();
    const summary = within(screen.getByRole('list', { name: 'Results summary' })).getAllByRole('listitem');
    expect(summary).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Detailed Results' })).toBeTruthy();
    expect(screen.getAllByText('-40%')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: /The Challenge/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Our Solution/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Project Details' })).toBeTruthy();
    expect(screen.getAllByText('Client 1').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('img', { name: 'Illustration for Study 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Want Similar Results?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Get Your Free Strategy Session/ }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(screen.getByRole('heading', { name: 'More Success Stories' })).toBeTruthy();
  });

  it('markup: no complementary landmark inside the article, and no aria-label on plain lists', async () => {
    fakeApi({ [ApiRoutes.caseStudy('study-1')]: ok(study(1)) });
    const { container } = renderDetail('study-1');
    await screen.findByRole('heading', { level: 1, name: 'Study 1' });
    expect(container.querySelectorAll('article aside')).toHaveLength(0);
    expect(
      container.querySelectorAll('ul[aria-label], ol[aria-label], div[aria-label]:not([role])'),
    ).toHaveLength(0);
    expect(screen.getByRole('list', { name: 'Project tags' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Project Details' })).toBeTruthy();
  });
});
