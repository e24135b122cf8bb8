/**
 * What the public remotes import from the contracts: zod-free values, the zod/mini form schemas and
 * types. Classic zod (the API's strict writers and the CMS's schemas) never reaches a public page.
 */
export * from './content-values';
export * from './forms';
export * from './form-posts';
export * from './newsletter';
export * from './routes';
export * from './paths';
export * from './client-error-values';
export * from './rich-text-policy';
export * from './not-found';
export * from './page-head';
export type {
  BlogPost,
  CaseStudy,
  CaseStudyResult,
  PublicPage,
  Resource,
  ResourceLeadResponse,
  ResponsiveImage,
} from './content';
export type { Service, ServiceDetail, ServiceFeature, ServiceStep, ServiceTestimonial } from './marketing';
