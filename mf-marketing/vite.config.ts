import { remoteViteConfig } from '../packages/federation-config/remote-vite-config.ts';

export default remoteViteConfig({ name: 'mf_marketing', port: 5101 });
