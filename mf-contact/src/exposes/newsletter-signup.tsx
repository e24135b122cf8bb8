import '../styles.css';
export { NewsletterSignup as default } from '../newsletter/components/newsletter-signup';
