import '../styles.css';
export { ServiceDetailPage as default } from '../services/service-detail-page';
