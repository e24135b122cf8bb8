import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function ServiceDetailPage() {
  return <ComingSoon title="ServiceDetailPage" />;
}
