import { foundingService, type ServiceValues } from '@agency/contracts';

/**
 * The six services the site opens with: their cards, and everything their pages show. Seeded into an
 * empty table; from then on staff edit them in the CMS.
 */
export const SEED_SERVICES = [
  {
    ...foundingService('seo'),
    description:
      'Technical SEO, search-led content and digital PR that earn rankings for the queries your buyers actually type.',
    icon: 'search',
    visual: 'ocean',
    subtitle: 'Rank for the searches that turn into revenue.',
    intro:
      'We combine technical SEO, search-led content and digital PR into one programme, prioritised by revenue impact rather than keyword volume. Every recommendation ships with an owner, an effort estimate and the metric it should move.',
    provenResult: '247% average organic traffic growth within 12 months',
    features: [
      {
        title: 'Technical SEO Audit',
        description:
          'Crawl, indexation and Core Web Vitals analysis of every page template, with fixes ranked by the traffic at stake.',
      },
      {
        title: 'Keyword & Intent Mapping',
        description:
          'Search demand mapped to funnel stages and existing URLs, so every page targets one clear intent and nothing competes with itself.',
      },
      {
        title: 'Content Strategy & Production',
        description:
          'Briefs and articles written by subject-matter writers, edited for search and for your brand voice, published on a steady cadence.',
      },
      {
        title: 'Digital PR & Link Earning',
        description:
          'Data-led stories and expert commentary that earn coverage and links from the publications your buyers already read.',
      },
      {
        title: 'Local & International SEO',
        description:
          'Location pages, hreflang and Google Business Profile management for brands selling in more than one market.',
      },
    ],
    benefits: [
      'Average 247% organic traffic growth within 12 months',
      'Lower blended acquisition cost as organic share of revenue grows',
      'Content that keeps compounding long after it is published',
      'Monthly reporting tied to leads and revenue, not just rankings',
    ],
    process: [
      {
        phase: 'Discovery & Audit',
        description: 'Technical crawl, analytics review and competitor gap analysis in the first two weeks.',
      },
      {
        phase: 'Roadmap',
        description:
          'A 90-day plan ranked by impact and effort, agreed with your team before any work starts.',
      },
      {
        phase: 'Implementation',
        description: 'Fixes shipped, content published and outreach running on a weekly cadence.',
      },
      {
        phase: 'Measure & Compound',
        description:
          'Monthly reviews re-prioritise the roadmap around the pages and topics that are winning.',
      },
    ],
    testimonialQuote:
      'Within six months organic became our largest acquisition channel. They found technical issues three previous agencies had missed and fixed them in weeks.',
    testimonialAuthor: 'Sarah Chen',
    testimonialRole: 'VP of Marketing, Northwind Outfitters',
  },
  {
    ...foundingService('paid-media'),
    description:
      'Google, Meta and LinkedIn campaigns managed against profit, not clicks, with creative testing every week.',
    icon: 'target',
    visual: 'ember',
    subtitle: 'Ad spend managed like an investment portfolio.',
    intro:
      'We run Google, Microsoft, Meta and LinkedIn campaigns against contribution margin and pipeline, not clicks. Budgets move every week toward the campaigns that pay for themselves, and creative is tested continuously so performance does not fade.',
    provenResult: '3.8x average return on ad spend across retained accounts',
    features: [
      {
        title: 'Search & Shopping Campaigns',
        description:
          'Google and Microsoft Ads structured around margin, with feed optimisation and negative keyword hygiene every week.',
      },
      {
        title: 'Paid Social',
        description:
          'Meta, LinkedIn and TikTok campaigns built on first-party audiences and a clear prospecting-to-retargeting path.',
      },
      {
        title: 'Creative Testing Programme',
        description:
          'A structured backlog of hooks, formats and offers, tested against each other so winning ads are found, not guessed.',
      },
      {
        title: 'Conversion Tracking & Offline Import',
        description:
          'Server-side conversions and CRM outcomes fed back to the platforms so bidding optimises for real customers.',
      },
      {
        title: 'Budget Pacing & Forecasting',
        description:
          'Spend paced daily against targets, with forecasts that show what the next dollar is likely to return.',
      },
    ],
    benefits: [
      'Average 38% lower cost per qualified lead in the first quarter',
      'Spend that scales only where returns hold up',
      'Weekly creative tests that keep ad fatigue in check',
      'One report that reconciles ad platforms with your CRM',
    ],
    process: [
      {
        phase: 'Account Audit',
        description:
          'We review structure, tracking and search terms to find wasted spend, usually within days.',
      },
      {
        phase: 'Tracking & Structure',
        description:
          'Conversion tracking fixed first, then campaigns rebuilt around products, margins and audiences.',
      },
      {
        phase: 'Launch & Test',
        description: 'New campaigns go live with a creative and landing-page testing plan from day one.',
      },
      {
        phase: 'Scale',
        description:
          'Budget moves to proven winners each week, with clear stop rules for what does not perform.',
      },
    ],
    testimonialQuote:
      'Our cost per qualified lead fell by 38% while spend went up. Their weekly report is the first one our CFO actually reads.',
    testimonialAuthor: 'Marcus Alvarez',
    testimonialRole: 'Head of Growth, Ledgerline',
  },
  {
    ...foundingService('data-science'),
    description:
      'Clean tracking, honest attribution and dashboards your leadership team reads, so every budget decision has evidence.',
    icon: 'trending',
    visual: 'indigo',
    subtitle: 'Know which numbers to trust, and what to do next.',
    intro:
      'We rebuild measurement from the ground up: consented tracking, a clean data warehouse, attribution your finance team accepts and dashboards that answer the questions leadership actually asks. Then we use that foundation to forecast and plan budgets.',
    provenResult: '$2.4M in revenue reallocated to channels that were proven to work',
    features: [
      {
        title: 'Tracking Implementation',
        description:
          'GA4, Tag Manager, server-side tagging and consent mode set up, tested and documented so the data holds up.',
      },
      {
        title: 'Data Warehouse & Pipelines',
        description:
          'Ad platforms, CRM and e-commerce data joined in BigQuery or Snowflake on reliable, monitored pipelines.',
      },
      {
        title: 'Attribution & Marketing Mix Modelling',
        description:
          'Multi-touch attribution and marketing mix models that show the incremental return of each channel.',
      },
      {
        title: 'Forecasting & Budget Planning',
        description:
          'Demand and revenue forecasts that let you plan budgets, hiring and inventory with confidence intervals.',
      },
      {
        title: 'Executive Dashboards',
        description:
          'A small set of dashboards built around decisions, refreshed automatically and readable in five minutes.',
      },
    ],
    benefits: [
      'One source of truth for marketing and finance',
      'Budget decisions backed by incrementality, not last click',
      'Forecasts accurate enough to plan hiring and inventory',
      'Hours of manual reporting removed every week',
    ],
    process: [
      {
        phase: 'Measurement Audit',
        description:
          'We trace every key number back to its source and list what is missing, duplicated or wrong.',
      },
      {
        phase: 'Data Foundation',
        description: 'Tracking fixed and sources joined in one warehouse with tested, documented models.',
      },
      {
        phase: 'Modelling',
        description: 'Attribution, mix models and forecasts built and validated against held-out results.',
      },
      {
        phase: 'Decision Support',
        description: 'Monthly budget reviews where the models turn into concrete reallocation decisions.',
      },
    ],
    testimonialQuote:
      'They rebuilt our tracking from the ground up. For the first time we know which campaigns pay for themselves and which ones do not.',
    testimonialAuthor: 'Priya Natarajan',
    testimonialRole: 'Chief Operating Officer, Helio Health',
  },
  {
    ...foundingService('ai-automations'),
    description:
      'Practical AI workflows for reporting, lead routing and content operations that give your team hours back each week.',
    icon: 'bot',
    visual: 'orchid',
    subtitle: 'Give your team hours back every week.',
    intro:
      'We find the repetitive work in your marketing and sales operations and automate it with practical AI workflows: lead enrichment and routing, reporting, content operations and inbox triage. Every workflow keeps a human review step where it matters and has a measured time saving.',
    provenResult: '15+ hours saved per team member every month',
    features: [
      {
        title: 'Workflow Audit',
        description:
          'We map where your team spends its time and rank automation candidates by hours saved and risk.',
      },
      {
        title: 'Lead Enrichment & Routing',
        description:
          'New leads enriched, scored and routed to the right rep in minutes, with a summary of what they need.',
      },
      {
        title: 'Automated Reporting',
        description:
          'Weekly performance reports drafted automatically from your data, with commentary your team reviews and sends.',
      },
      {
        title: 'Content Operations',
        description:
          'Briefs, product descriptions and ad variations drafted to your brand guidelines, always with human approval.',
      },
      {
        title: 'Support & Inbox Triage',
        description:
          'Incoming messages classified, answered from your knowledge base where safe and escalated where not.',
      },
    ],
    benefits: [
      'An average of 15 hours saved per team member each month',
      'Faster lead response times and fewer leads lost',
      'Consistent, on-brand output with human review built in',
      'Automations documented and owned by your own team',
    ],
    process: [
      {
        phase: 'Opportunity Mapping',
        description: 'Interviews and time tracking to find the workflows where automation pays back fastest.',
      },
      {
        phase: 'Prototype',
        description:
          'A working prototype on real data within two weeks, measured against the manual process.',
      },
      {
        phase: 'Deploy',
        description: 'Production rollout with monitoring, access controls and a clear human review step.',
      },
      {
        phase: 'Train & Hand Over',
        description: 'Your team is trained, every workflow is documented, and we stay on call for changes.',
      },
    ],
    testimonialQuote:
      'Lead response time went from a day to under ten minutes, and our weekly reporting now takes one person half an hour instead of two days.',
    testimonialAuthor: 'Tom Lindqvist',
    testimonialRole: 'Revenue Operations Lead, Atlas Freight',
  },
  {
    ...foundingService('shopify'),
    description:
      'Shopify and Shopify Plus builds, migrations and conversion work that lift average order value and repeat purchase.',
    icon: 'shopping',
    visual: 'forest',
    subtitle: 'Stores built to convert, and to bring customers back.',
    intro:
      'From new Shopify and Shopify Plus builds to replatforming from Magento or WooCommerce, we design stores around conversion and retention. After launch we keep improving them with structured testing, merchandising and lifecycle email.',
    provenResult: '22% average conversion rate uplift in the first quarter after launch',
    features: [
      {
        title: 'Store Design & Build',
        description:
          'Custom Shopify themes built on Online Store 2.0 sections, fast on mobile and easy for your team to edit.',
      },
      {
        title: 'Replatforming & Migration',
        description:
          'Products, customers, orders and URLs moved from Magento, WooCommerce or BigCommerce with redirects mapped.',
      },
      {
        title: 'Conversion Rate Optimisation',
        description:
          'Research-led A/B tests on product pages, cart and checkout, prioritised by revenue at stake.',
      },
      {
        title: 'Apps & Integrations',
        description:
          'ERP, 3PL, reviews, subscriptions and loyalty connected reliably, with the app stack kept lean.',
      },
      {
        title: 'Retention & Lifecycle Marketing',
        description:
          'Welcome, post-purchase and win-back flows in Klaviyo that grow repeat revenue without discounting.',
      },
    ],
    benefits: [
      'Average 22% conversion rate uplift in the first quarter after launch',
      'Migrations with every redirect mapped and rankings protected',
      'Higher average order value through bundles and merchandising',
      'A growing share of revenue from returning customers',
    ],
    process: [
      {
        phase: 'Discovery',
        description: 'Analytics, customer research and a review of your catalogue, apps and operations.',
      },
      {
        phase: 'Design',
        description: 'Wireframes and designs for the key templates, tested with real customers before build.',
      },
      {
        phase: 'Build & Migrate',
        description:
          'Theme development, integrations and data migration, with a full QA pass on real orders.',
      },
      {
        phase: 'Launch & Optimise',
        description: 'A monitored launch, then a testing roadmap to keep lifting conversion and order value.',
      },
    ],
    testimonialQuote:
      'The migration went live without a single lost order, and our conversion rate was up 22% in the first quarter.',
    testimonialAuthor: 'James O’Connor',
    testimonialRole: 'Founder, Copper & Pine',
  },
  {
    ...foundingService('web-design'),
    description:
      'Fast, accessible marketing sites designed around one job: turning qualified visitors into pipeline.',
    icon: 'palette',
    visual: 'sunset',
    subtitle: 'Marketing sites that turn visitors into pipeline.',
    intro:
      'We design and build fast, accessible websites around one job: converting qualified visitors. Research shapes the structure, conversion copy shapes the message, and a component-based design system lets your team launch new pages without waiting for a developer.',
    provenResult: '2x average lift in demo and enquiry conversions',
    features: [
      {
        title: 'UX Research & Information Architecture',
        description:
          'Customer interviews, analytics and heatmaps shape a structure that answers buyers’ questions in order.',
      },
      {
        title: 'Conversion Copywriting',
        description:
          'Clear, specific messaging written from your customers’ own words, tested on the pages that matter most.',
      },
      {
        title: 'Visual Design & Design Systems',
        description:
          'A distinctive look built as a reusable component library, so every new page stays on brand.',
      },
      {
        title: 'Development & CMS',
        description:
          'Modern, maintainable builds on a headless or traditional CMS your marketing team can run on its own.',
      },
      {
        title: 'Performance & Accessibility',
        description:
          'Core Web Vitals in the green and WCAG 2.1 AA accessibility checked before launch, not after.',
      },
    ],
    benefits: [
      'Average 2x lift in demo and enquiry conversions',
      'Pages that load fast and pass Core Web Vitals',
      'WCAG 2.1 AA accessibility as standard',
      'A CMS your marketing team can run without developers',
    ],
    process: [
      {
        phase: 'Research',
        description:
          'Interviews, analytics and competitor reviews to define who the site is for and what they need.',
      },
      {
        phase: 'Wireframes & Copy',
        description:
          'Page structure and messaging agreed before any visual design, so design serves the story.',
      },
      {
        phase: 'Design & Build',
        description: 'Visual design, component library and development in short, reviewable iterations.',
      },
      {
        phase: 'Launch & Iterate',
        description: 'A redirect-safe launch, then monthly tests on the pages that drive the most pipeline.',
      },
    ],
    testimonialQuote:
      'Our new site doubled demo requests in the first two months, and our marketing team now ships landing pages in an afternoon.',
    testimonialAuthor: 'Elena Rossi',
    testimonialRole: 'Director of Demand Generation, Brightline Software',
  },
] as const satisfies readonly Omit<ServiceValues, 'published' | 'displayOrder' | 'socialImageUrl'>[];
