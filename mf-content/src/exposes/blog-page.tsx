import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function BlogPage() {
  return <ComingSoon title="BlogPage" />;
}
