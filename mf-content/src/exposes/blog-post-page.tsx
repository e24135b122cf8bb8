import '../styles.css';
export { BlogPostPage as default } from '../blog/components/blog-post-page';
