import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function HomePage() {
  return <ComingSoon title="HomePage" />;
}
