import type { blogPosts, caseStudies, pages, resources } from '../db/schema';
import { IMAGES_URL } from './content-files';

type NewCaseStudy = typeof caseStudies.$inferInsert;
type NewBlogPost = typeof blogPosts.$inferInsert;
type NewResource = typeof resources.$inferInsert;
type NewPage = typeof pages.$inferInsert;

export const SEED_CASE_STUDIES: NewCaseStudy[] = [
  {
    slug: 'outdoor-retailer-organic-growth',
    title: 'How an Outdoor Retailer Grew Organic Revenue 312%',
    client: 'Summit Trail Outfitters',
    industry: 'E-Commerce',
    duration: '9 months',
    challenge:
      'Summit Trail had 4,000 products but most category pages were thin, duplicated supplier copy, and a slow theme pushed Largest Contentful Paint past five seconds on mobile. Organic traffic had been flat for two years while paid costs kept rising.',
    solution:
      'We rebuilt the category architecture around real search demand, rewrote the top 120 collection pages, fixed faceted-navigation crawl waste and cut mobile LCP to 1.9 seconds. A content cluster on trail guides earned links from hiking publications.',
    results: [
      { metric: 'Organic Revenue', value: '+312%' },
      { metric: 'Organic Sessions', value: '+187%' },
      { metric: 'Mobile LCP', value: '1.9s' },
      { metric: 'Keywords in Top 10', value: '2,400+' },
    ],
    services: ['SEO', 'Content Strategy', 'Technical SEO', 'Web Design', 'Shopify'],
    imageUrl: `${IMAGES_URL}/outdoor-retailer-organic-growth.svg`,
    published: true,
    createdAt: '2025-03-10T09:00:00.000Z',
  },
  {
    slug: 'saas-cost-per-lead',
    title: 'Cutting Cost per Lead by 58% for a B2B SaaS Platform',
    client: 'Ledgerly',
    industry: 'SaaS',
    duration: '6 months',
    challenge:
      'Ledgerly spent heavily on broad-match search and lookalike audiences, but sales rejected most leads as unqualified. Conversion tracking counted every form view as a lead, so bidding optimised for the wrong thing.',
    solution:
      'We rebuilt tracking around sales-qualified opportunities imported from the CRM, restructured search campaigns by intent and moved paid social to problem-aware creative tested weekly.',
    results: [
      { metric: 'Cost per Qualified Lead', value: '-58%' },
      { metric: 'Sales-Accepted Leads', value: '+143%' },
      { metric: 'Pipeline from Paid', value: '$1.8M' },
    ],
    services: ['Paid Media', 'Data Science', 'Analytics'],
    imageUrl: `${IMAGES_URL}/saas-cost-per-lead.svg`,
    published: true,
    createdAt: '2025-02-12T09:00:00.000Z',
  },
  {
    slug: 'healthcare-patient-bookings',
    title: "Scaling a Healthcare Network's Online Patient Bookings",
    client: 'Northwind Health Partners',
    industry: 'Healthcare',
    duration: '12 months',
    challenge:
      'Fourteen clinics each had their own outdated page, phone lines were overloaded and patients could not book online. Local search visibility lagged behind newer competitors in every city the network served.',
    solution:
      'We launched a fast, accessible clinic finder with online booking, built location pages for every clinic and service, automated appointment reminders and ran local search campaigns tuned to clinic capacity.',
    results: [
      { metric: 'Online Bookings', value: '+186%' },
      { metric: 'Call Volume', value: '-34%' },
      { metric: 'Local Pack Rankings', value: '3x' },
      { metric: 'No-Show Rate', value: '-22%' },
      { metric: 'Patient Satisfaction', value: '4.8/5' },
    ],
    services: ['Web Design', 'SEO', 'Paid Media', 'AI Automations'],
    imageUrl: `${IMAGES_URL}/healthcare-patient-bookings.svg`,
    published: true,
    createdAt: '2025-01-20T09:00:00.000Z',
  },
  {
    slug: 'dtc-demand-forecasting',
    title: 'Forecasting Demand with Machine Learning for a DTC Food Brand',
    client: 'Harvest & Hearth',
    industry: 'Food & Beverage',
    duration: '4 months',
    challenge:
      'Stock-outs during promotions and waste after them were eating the margin of a fast-growing direct-to-consumer food brand. Forecasts lived in a spreadsheet nobody trusted.',
    solution:
      'We built a demand model that combines order history, promotion calendars and paid media plans, and delivered a weekly forecast to the operations team with clear confidence ranges.',
    results: [
      { metric: 'Forecast Accuracy', value: '94%' },
      { metric: 'Stock-Outs', value: '-71%' },
    ],
    services: ['Data Science', 'Analytics'],
    imageUrl: `${IMAGES_URL}/dtc-demand-forecasting.svg`,
    published: true,
    createdAt: '2024-12-05T09:00:00.000Z',
  },
  {
    slug: 'financial-advisory-website-rebuild',
    title: "Rebuilding a Financial Advisory Firm's Website for Conversions",
    client: 'Crescent Wealth Advisors',
    industry: 'Financial Services',
    duration: '3 months',
    challenge:
      'A dated website sent visitors in circles: no clear next step, no trust signals and a contact form that failed on mobile.',
    solution:
      'We designed a clear, compliant site around three client journeys, added calculators that capture intent and connected every form to the CRM.',
    results: [
      { metric: 'Consultation Requests', value: '+128%' },
      { metric: 'Mobile Conversion Rate', value: '+92%' },
      { metric: 'Bounce Rate', value: '-31%' },
    ],
    services: ['Web Design', 'Analytics'],
    imageUrl: null,
    published: true,
    createdAt: '2024-11-14T09:00:00.000Z',
  },
  {
    slug: 'fintech-onboarding-funnel',
    title: 'Doubling Funded Accounts for a Fintech Challenger (Draft)',
    client: 'Brightvault',
    industry: 'Fintech',
    duration: '5 months',
    challenge: 'Most sign-ups never verified their identity or funded their account.',
    solution: 'Lifecycle automation and onboarding experiments, measured against funded accounts.',
    results: [{ metric: 'Funded Accounts', value: '+104%' }],
    services: ['AI Automations', 'Analytics'],
    imageUrl: `${IMAGES_URL}/fintech-onboarding-funnel.svg`,
    published: false,
    createdAt: '2025-03-20T09:00:00.000Z',
  },
];

const p = (...lines: string[]) => lines.join('\n\n');

export const SEED_BLOG_POSTS: NewBlogPost[] = [
  {
    slug: 'core-web-vitals-what-moves-rankings',
    title: 'Core Web Vitals in 2025: What Actually Moves Rankings',
    excerpt:
      'Page experience is a tie-breaker, not a magic lever. Here is where speed work pays off and where it does not.',
    content: p(
      'Every few months a client asks whether a perfect Lighthouse score will lift their rankings. The honest answer: speed is a tie-breaker. It rarely outranks relevance, but it decides close calls and it always affects conversion.',
      '<h2>Measure real users, not lab runs</h2>\nSearch engines use field data from real visitors. Start with the Core Web Vitals report in Search Console and your own <strong>real-user monitoring</strong>, grouped by page template.',
      '<h2>Where the wins usually are</h2>\nOn most sites we audit, three fixes cover most of the gap: a correctly sized and preloaded hero image, fewer third-party scripts on landing pages, and reserved space for banners so the layout does not jump.',
      'Interaction to Next Paint (INP) replaced First Input Delay in 2024. Long JavaScript tasks are the usual cause; <em>break them up</em> and defer what is not needed for the first interaction.',
      'Want a prioritised list for your own site? Read our <a href="/resources">Technical SEO Field Guide</a> or <a href="https://web.dev/articles/vitals">the official Web Vitals documentation</a>.',
    ),
    category: 'SEO',
    author: 'Maya Chen',
    authorRole: 'Senior Strategist',
    tags: ['SEO', 'Core Web Vitals', 'Technical SEO', 'Page Speed', 'INP'],
    published: true,
    publishedAt: '2025-03-18T09:00:00.000Z',
    createdAt: '2025-03-14T09:00:00.000Z',
  },
  {
    slug: 'paid-media-budget-that-scales',
    title: 'Building a Paid Media Budget That Scales With Demand',
    excerpt:
      'Fixed monthly budgets leave money on the table in peak weeks and waste it in quiet ones. Plan spend around demand and margin instead.',
    content: p(
      'Most paid media budgets are set once a year and divided by twelve. Demand does not work that way.',
      "<h2>Start from contribution margin</h2>\nDecide the most you can pay for a customer and still make money. That number, not last year's spend, sets your ceiling.",
      '<h2>Let demand set the pace</h2>\nUse search volume trends and your own sales history to shape a weekly curve. Move budget into the weeks where conversion rates are highest.',
      'Review the curve monthly with finance so nobody is surprised by a big week.',
    ),
    category: 'Paid Media',
    author: 'Daniel Okafor',
    authorRole: 'Senior Strategist',
    tags: ['Paid Media', 'Budgeting', 'PPC'],
    published: true,
    publishedAt: '2025-03-04T09:00:00.000Z',
    createdAt: '2025-03-01T09:00:00.000Z',
  },
  {
    slug: 'server-side-tracking-ga4-migration',
    title: 'Server-Side Tracking: A Practical Migration Guide for GA4',
    excerpt:
      'Browser restrictions and ad blockers now hide a meaningful share of conversions from client-side tags, so we moved our clients to server-side tagging; this is the step-by-step plan we follow, including the pitfalls that cost us time.',
    content: p(
      'Client-side tags lose data to browser privacy features, consent choices and ad blockers. Server-side tagging does not bypass consent, but it makes the data you are allowed to collect far more reliable.',
      '<h2>1. Inventory your tags</h2>\nList every tag, what it measures and who uses the data. Remove what nobody reads.',
      '<h2>2. Stand up the server container</h2>\nHost it on a first-party subdomain and route GA4 through it first; ad platform tags follow once numbers match.',
      '<h2>3. Run both in parallel</h2>\nKeep client-side tags live for two weeks and compare daily conversions. A gap under 3% is normal.',
      '<h2>4. Switch and monitor</h2>\nCut over, then watch conversion counts and consent rates weekly for a month.',
    ),
    category: 'Analytics',
    author: 'Priya Raman',
    authorRole: 'Senior Strategist',
    tags: ['Analytics', 'GA4', 'Server-Side Tagging', 'Privacy'],
    published: true,
    publishedAt: '2025-02-20T09:00:00.000Z',
    createdAt: '2025-02-18T09:00:00.000Z',
  },
  {
    slug: '90-day-growth-plan',
    title: 'The 90-Day Growth Plan: How We Structure the First Quarter',
    excerpt:
      'Thirty days to understand, thirty to fix the foundations, thirty to scale what works. Our first-quarter plan, explained.',
    content: p(
      'The first quarter of any engagement decides whether it succeeds. We split it into three phases.',
      '<h2>Days 1-30: Audit and analysis</h2>\nWe review analytics, search visibility, paid accounts and the sales process, then agree on one north-star metric.',
      '<h2>Days 31-60: Foundations</h2>\nTracking fixes, technical SEO issues and campaign restructures come before any new spend.',
      '<h2>Days 61-90: Scale</h2>\nWith clean data we double down on what is working and cut what is not. Most clients see first results in 30-60 days.',
    ),
    category: 'Strategy',
    author: 'James Whitaker',
    authorRole: 'Senior Strategist',
    tags: ['Strategy', 'Growth', 'Planning'],
    published: true,
    publishedAt: '2025-02-06T09:00:00.000Z',
    createdAt: '2025-02-03T09:00:00.000Z',
  },
  {
    slug: 'retail-media-networks-mid-market',
    title: 'What Retail Media Networks Mean for Mid-Market Brands',
    excerpt:
      'Retailers are now ad platforms: a new cost for the brands that sell through them, and a new source of first-party data.',
    content: p(
      'Retail media is the fastest-growing ad channel, and it is no longer only for global brands.',
      '<h2>Why it matters</h2>\nAds placed where people buy come with closed-loop measurement: you see sales, not just clicks.',
      '<h2>Where to start</h2>\nBegin with sponsored product ads on your best-selling items, measure incremental sales, and only then test display placements.',
    ),
    category: 'Industry Insights',
    author: 'Sofia Martinez',
    authorRole: 'Senior Strategist',
    tags: ['Industry Insights', 'Retail Media', 'E-Commerce'],
    published: true,
    publishedAt: '2025-01-22T09:00:00.000Z',
    createdAt: '2025-01-20T09:00:00.000Z',
  },
  {
    slug: 'topical-authority-content-clusters',
    title: 'Topical Authority: Planning Content Clusters That Rank',
    excerpt:
      'One great article rarely ranks alone. Plan a pillar page and the supporting pieces around it, then link them properly.',
    content: p(
      'Search engines reward sites that cover a topic thoroughly. A content cluster is a pillar page plus focused supporting articles, all linked together.',
      '<h2>Map the topic</h2>\nGroup your keyword research by intent, not by volume. Each group becomes one page.',
      '<h2>Link deliberately</h2>\nEvery supporting article links to the pillar, and the pillar links back with descriptive anchor text.',
    ),
    category: 'SEO',
    author: 'Maya Chen',
    authorRole: 'Senior Strategist',
    tags: ['SEO', 'Content Strategy'],
    published: true,
    publishedAt: '2025-01-05T09:00:00.000Z',
    createdAt: '2025-01-02T09:00:00.000Z',
  },
  {
    slug: 'incrementality-testing-mid-size-budget',
    title: 'Incrementality Testing on a Mid-Size Budget',
    excerpt:
      'You do not need a data science team to learn whether a channel really drives sales. Geo tests and holdouts, made practical.',
    content: p(
      'Attribution tells you who touched a sale. Incrementality tells you whether the sale would have happened anyway.',
      '<h2>Geo holdouts</h2>\nPause a channel in a few comparable regions for four weeks and compare sales against the regions where it kept running.',
      '<h2>Read the result honestly</h2>\nSmall budgets produce noisy results; repeat the test before cutting a channel entirely.',
    ),
    category: 'Analytics',
    author: 'Priya Raman',
    authorRole: 'Senior Strategist',
    tags: ['Analytics', 'Measurement', 'Testing'],
    published: true,
    publishedAt: null,
    createdAt: '2024-12-10T09:00:00.000Z',
  },
  {
    slug: 'search-predictions-2026',
    title: 'Our Predictions for Search in 2026 (Draft)',
    excerpt: 'Work in progress: what we expect to change in search next year.',
    content: 'Draft notes, not ready for readers.',
    category: 'Strategy',
    author: 'James Whitaker',
    authorRole: 'Senior Strategist',
    tags: ['Strategy', 'SEO'],
    published: false,
    publishedAt: null,
    createdAt: '2025-03-25T09:00:00.000Z',
  },
];

export const SEED_RESOURCES: NewResource[] = [
  {
    title: 'The Technical SEO Field Guide',
    description:
      'Crawlability, indexation, rendering and speed: the technical foundations search engines need, with targets and a monthly monitoring routine.',
    type: 'guide',
    gated: false,
    fileUrl: 'technical-seo-field-guide.pdf',
    downloadCount: 1284,
    published: true,
  },
  {
    title: 'Paid Media Benchmarks Report 2025',
    description:
      'Median click-through rates, cost trends and efficiency findings from paid search and paid social programmes across four industries.',
    type: 'whitepaper',
    gated: true,
    fileUrl: 'paid-media-benchmarks-2025.pdf',
    downloadCount: 642,
    published: true,
  },
  {
    title: 'The E-Commerce Growth Playbook',
    description:
      'Eight chapters on growing an online store profitably, from unit economics and conversion to search, paid media and retention.',
    type: 'ebook',
    gated: true,
    fileUrl: 'ecommerce-growth-playbook.pdf',
    downloadCount: 2107,
    published: true,
  },
  {
    title: 'The 40-Point SEO Audit Checklist',
    description:
      'Tick through technical foundations, on-page, content and authority checks to build a prioritised SEO fix list in an afternoon.',
    type: 'checklist',
    gated: false,
    fileUrl: 'seo-audit-checklist.md',
    downloadCount: 389,
    published: true,
  },
  {
    title: 'Monthly Marketing Report Template',
    description:
      'A ready-to-use spreadsheet covering traffic, conversion, revenue, paid media, SEO and e-mail, with month-over-month change built in.',
    type: 'template',
    gated: false,
    fileUrl: 'marketing-report-template.csv',
    downloadCount: 975,
    published: true,
  },
  {
    title: 'AI Automation Readiness Checklist',
    description:
      'Score your processes, data and team in ten minutes to see which tasks are ready for an AI automation pilot.',
    type: 'checklist',
    gated: true,
    fileUrl: 'ai-automation-readiness-checklist.pdf',
    downloadCount: 0,
    published: true,
  },
  {
    title: 'Shopify Plus Migration Guide',
    description: 'Draft: a step-by-step plan for moving a store to Shopify Plus without losing rankings.',
    type: 'guide',
    gated: false,
    fileUrl: 'shopify-plus-migration-guide.pdf',
    downloadCount: 0,
    published: false,
  },
];

const PRIVACY_BODY = `We respect your privacy. This policy explains what personal data we collect when you use this website, why we collect it, how long we keep it and the choices you have.

## Who we are

This website is operated by our digital marketing agency ("we", "us"). We are the controller of the personal data described in this policy. You can reach us about privacy at any time through our [contact page](/contact).

## What we collect

- **Contact requests.** When you ask for a strategy session we collect your first and last name, business e-mail address, company, budget range and the goals you describe.
- **Newsletter sign-ups.** Your e-mail address and the date you subscribed.
- **Resource downloads.** For resources that require an e-mail address, we collect your name, e-mail address, the resource you requested and the time of the request.
- **Technical data.** Our servers log IP addresses, browser type and the pages requested, to keep the site secure and working.

We do not knowingly collect data from children, and we never ask for sensitive categories of data.

## Why we use it

- To answer your request and prepare for a consultation (steps taken at your request before a contract).
- To send the newsletter you subscribed to (your consent, which you can withdraw at any time).
- To deliver requested resources and, where you agreed, follow up about related services (your consent).
- To protect the site against abuse and fix errors (our legitimate interest in running a secure service).

## Sharing

We do not sell personal data. We share it only with service providers who host our website, send e-mail or store our customer records for us, under contracts that require them to protect it and use it only on our instructions, and with authorities when the law requires it.

## How long we keep it

- Contact requests and resource leads: up to {{retentionMonths}} months after our last contact with you.
- Newsletter subscriptions: until you unsubscribe.
- Server logs: up to 30 days.

## Your rights

Depending on where you live, you may have the right to access, correct, delete or export your data, to object to or restrict its use, and to withdraw consent. To use these rights, contact us; we answer within one month. You may also complain to your local data protection authority.

## Cookies

This site uses only the cookies it needs to work, for example to keep signed-in staff signed in. We do not use advertising cookies on this site.

## Security

Data is sent over encrypted connections and stored with providers that apply industry-standard security controls. Access is limited to staff who need it.

## Changes

We may update this policy when our practices change. The date of the latest update is shown on this page.`;

export const SEED_PAGES: NewPage[] = [
  {
    name: 'Privacy Policy',
    slug: 'privacy',
    title: 'Privacy Policy',
    metaTitle: 'Privacy Policy | How We Handle Your Data',
    metaDescription:
      'What personal data we collect on this website, why we use it, how long we keep it and how to exercise your rights.',
    content: { body: PRIVACY_BODY },
    published: true,
    template: 'default',
  },
  {
    name: 'Careers',
    slug: 'careers',
    title: 'Careers',
    metaTitle: 'Careers',
    metaDescription: 'Join our team.',
    content: { body: 'We are not hiring right now. Check back soon.' },
    published: false,
    template: 'default',
  },
];
