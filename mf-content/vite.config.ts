import { remoteViteConfig } from '../packages/federation-config/remote-vite-config.ts';
import { pages } from './src/pages.ts';

export default remoteViteConfig({ name: 'mf_content', port: 5102, pages });
