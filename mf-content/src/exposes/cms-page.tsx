import '../styles.css';
export { CmsPage as default } from '../pages/components/cms-page';
