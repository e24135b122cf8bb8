import { remoteViteConfig } from '../packages/federation-config/remote-vite-config';

export default remoteViteConfig({
  name: 'mf_marketing',
  port: 5101,
  exposes: {
    './HomePage': './src/exposes/home-page.tsx',
    './AboutPage': './src/exposes/about-page.tsx',
    './ServicesPage': './src/exposes/services-page.tsx',
    './ServiceDetailPage': './src/exposes/service-detail-page.tsx',
  },
});
