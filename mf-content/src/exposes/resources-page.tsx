import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function ResourcesPage() {
  return <ComingSoon title="ResourcesPage" />;
}
