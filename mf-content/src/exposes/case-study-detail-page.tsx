import '../styles.css';
export { CaseStudyDetailPage as default } from '../case-studies/components/case-study-detail-page';
