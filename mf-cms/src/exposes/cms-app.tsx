import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function CmsApp() {
  return <ComingSoon title="CmsApp" />;
}
