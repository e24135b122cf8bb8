import '../styles.css';
import { ComingSoon } from '../pages/coming-soon';

export default function CaseStudiesPage() {
  return <ComingSoon title="CaseStudiesPage" />;
}
