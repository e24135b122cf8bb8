import '../styles.css';
export { AboutPage as default } from '../about/about-page';
