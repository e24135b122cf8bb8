import '../styles.css';
export { ServicesPage as default } from '../services/services-page';
