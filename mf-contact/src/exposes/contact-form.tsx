import '../styles.css';
export { ContactForm as default } from '../contact/components/contact-form';
