export * from './errors';
export * from './common';
export * from './contact';
export * from './routes';
export * from './marketing';
export * from './content';
export * from './admin';
export * from './site-routes';
