import { remoteViteConfig } from '../packages/federation-config/remote-vite-config';

export default remoteViteConfig({
  name: 'mf_contact',
  port: 5103,
  exposes: {
    './ContactPage': './src/exposes/contact-page.tsx',
    './ContactForm': './src/exposes/contact-form.tsx',
    './NewsletterSignup': './src/exposes/newsletter-signup.tsx',
  },
});
