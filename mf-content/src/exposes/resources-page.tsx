import '../styles.css';
export { ResourcesPage as default } from '../resources/components/resources-page';
