import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function CmsPage() {
  return <ComingSoon title="CmsPage" />;
}
