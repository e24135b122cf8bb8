/** The front-end workspaces, in build order (remotes first; the shell does not depend on them). */
export const REMOTES = ['mf-marketing', 'mf-content', 'mf-contact', 'mf-cms'];
export const FRONTENDS = [...REMOTES, 'shell'];
