import { remoteViteConfig } from '../packages/federation-config/remote-vite-config.ts';
import { pages } from './src/pages.ts';

export default remoteViteConfig({ name: 'mf_cms', port: 5104, pages });
