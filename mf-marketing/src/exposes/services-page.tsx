import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function ServicesPage() {
  return <ComingSoon title="ServicesPage" />;
}
