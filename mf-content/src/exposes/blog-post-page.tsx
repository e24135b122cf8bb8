import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function BlogPostPage() {
  return <ComingSoon title="BlogPostPage" />;
}
