import '../styles.css';
export { ResourceAccessPage as default } from '../resources/components/resource-access-page';
