/** The remotes the shell composes, by their federation names. */
export const REMOTE_NAMES = ['mf_marketing', 'mf_content', 'mf_contact', 'mf_cms'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
