import '../styles.css';
export { CaseStudiesPage as default } from '../case-studies/components/case-studies-page';
