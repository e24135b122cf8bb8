import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function AboutPage() {
  return <ComingSoon title="AboutPage" />;
}
