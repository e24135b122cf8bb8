/** E-mail and phone come from the site settings (see get-site-settings.ts); this is not a setting. */
export const CONTACT_DETAILS = {
  schedulingUrl: 'https://cal.com/distilled-digital/strategy-session',
};

export const CONTACT_FAQ = [
  {
    question: 'How quickly will you respond?',
    answer:
      'Every enquiry gets a reply from a senior strategist within 24 hours, and usually within one business day of your message.',
  },
  {
    question: 'What happens in the free strategy session?',
    answer:
      'We review your analytics, channels and competitors beforehand, then spend the session on the three highest-impact opportunities we found. There is no obligation to work with us afterwards.',
  },
  {
    question: 'Do you have a minimum engagement?',
    answer:
      'Yes. Our minimum monthly retainer is $10,000. That lets us put senior people on your account and run work that moves revenue, not just reports.',
  },
  {
    question: 'How soon will we see results?',
    answer:
      'Most clients see first results in 30–60 days, such as lower cost per acquisition or faster pages. Sustainable, compounding growth typically builds over 3–6 months.',
  },
  {
    question: 'Who will work on our account?',
    answer:
      'Senior specialists with 5+ years of experience do the work themselves. You get weekly check-ins and answers within one business day.',
  },
];
