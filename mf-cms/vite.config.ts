import { remoteViteConfig } from '../packages/federation-config/remote-vite-config.ts';

export default remoteViteConfig({ name: 'mf_cms', port: 5104 });
