import { LEAD_SOURCE_FIELDS, LEAD_SOURCE_STORAGE_KEY, UTM_PARAMETERS } from '@agency/contracts/form-posts';
import { useHydrated } from './use-hydrated';

/** The hint fields as a lead form sends them (empty when the visit's start is unknown). */
export type LeadSourceHint = Partial<
  Record<(typeof LEAD_SOURCE_FIELDS)[keyof typeof LEAD_SOURCE_FIELDS], string>
>;

interface VisitStart {
  landing: string;
  referrer?: string;
}

/**
 * Remembers how this tab's visit began, once, on its first page (the shell calls it on every page
 * load): the path with only its utm_* parameters, and the host of the other site the visitor came
 * from. sessionStorage, not a cookie: it stays in this tab, is never sent by itself, and ends with it.
 */
export function recordVisitStart(win: Window = window): void {
  try {
    const storage = win.sessionStorage;
    if (storage.getItem(LEAD_SOURCE_STORAGE_KEY) !== null) return;
    const { pathname, search, origin } = win.location;
    const params = new URLSearchParams(search);
    const utm = new URLSearchParams();
    for (const name of UTM_PARAMETERS) {
      const value = params.get(name);
      if (value) utm.set(name, value);
    }
    const query = utm.toString();
    const start: VisitStart = { landing: query ? `${pathname}?${query}` : pathname };
    if (win.document.referrer) {
      const referrer = new URL(win.document.referrer);
      if (referrer.origin !== origin && /^https?:$/.test(referrer.protocol))
        start.referrer = referrer.hostname;
    }
    storage.setItem(LEAD_SOURCE_STORAGE_KEY, JSON.stringify(start));
  } catch {
    // Storage refused (a privacy mode) or an odd referrer: the leads of this visit say less.
  }
}

/** The hints for a lead form, read when it is sent (the JSON calls) or after hydration (hidden inputs). */
export function readLeadSourceHint(): LeadSourceHint {
  try {
    const start = JSON.parse(window.sessionStorage.getItem(LEAD_SOURCE_STORAGE_KEY) ?? 'null') as unknown;
    if (!start || typeof start !== 'object') return {};
    const { landing, referrer } = start as Partial<Record<keyof VisitStart, unknown>>;
    return {
      ...(typeof landing === 'string' && { [LEAD_SOURCE_FIELDS.landing]: landing }),
      ...(typeof referrer === 'string' && { [LEAD_SOURCE_FIELDS.referrer]: referrer }),
    };
  } catch {
    return {};
  }
}

/**
 * The hidden inputs that carry the hints in a form's no-JavaScript post (a form hydrated but posted
 * by the browser, e.g. before the remote's code finished). Empty in the server's HTML, so the page
 * stays the same for every visitor and is cached without tracking parameters; filled after hydration.
 */
export function LeadSourceFields() {
  const hint = useHydrated() ? readLeadSourceHint() : {};
  return (
    <>
      {Object.values(LEAD_SOURCE_FIELDS).map((name) => (
        <input key={name} type="hidden" name={name} value={hint[name] ?? ''} />
      ))}
    </>
  );
}
