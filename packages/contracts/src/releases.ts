import { z } from 'zod';
import { REMOTE_FOLDERS, REMOTE_NAMES, type RemoteName } from './routes';

/** A release version (`<package version>-<content hash>`): no path tricks, one folder name. */
export const RELEASE_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,99}$/;

const remoteOf = (s: string): RemoteName | undefined =>
  REMOTE_NAMES.find((name) => name === s || REMOTE_FOLDERS[name] === s);

/**
 * A preview override as staff give it (`?remotes=mf-content@1.4.0-ab12cd,mf-cms@2.0.0-x`) and as the
 * preview cookie keeps it: remotes by folder or federation name, each at most once. An empty text is
 * no override (it ends a preview).
 */
export const remoteOverridesSchema = z
  .string()
  .max(1000)
  .transform((text, ctx) => {
    const overrides: Partial<Record<RemoteName, string>> = {};
    for (const item of text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const at = item.lastIndexOf('@');
      const remote = remoteOf(at > 0 ? item.slice(0, at) : item);
      const version = at > 0 ? item.slice(at + 1) : '';
      if (!remote) ctx.addIssue({ code: 'custom', message: `Unknown remote in '${item}'` });
      else if (!RELEASE_VERSION_PATTERN.test(version))
        ctx.addIssue({ code: 'custom', message: `'${item}' is not <remote>@<version>` });
      else if (overrides[remote])
        ctx.addIssue({ code: 'custom', message: `${REMOTE_FOLDERS[remote]} is given twice` });
      else overrides[remote] = version;
    }
    return overrides;
  });

export type RemoteOverrides = z.output<typeof remoteOverridesSchema>;
