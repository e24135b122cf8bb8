import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function CaseStudyDetailPage() {
  return <ComingSoon title="CaseStudyDetailPage" />;
}
