import '../styles.css';
import { CmsRoot } from '../app/cms-root';

export default function CmsApp() {
  return <CmsRoot />;
}
