import '../styles.css';
export { BlogPage as default } from '../blog/components/blog-page';
