import { createContext, useContext, useEffect, useState } from 'react';
import { StaffRoutes, type PresenceAnswer } from '@agency/contracts';
import { apiRequest } from '@agency/ui';

/** How often an open editor says it is still open (the server forgets it after a minute). */
const HEARTBEAT_MS = 20_000;

/** `/api/admin/pages/3` → the presence route of that item. */
const presenceUrl = (itemUrl: string) => {
  const m = /^\/api\/admin\/([a-z-]+)\/(\d+)$/.exec(itemUrl);
  return m ? StaffRoutes.presence(m[1]!, m[2]!) : null;
};

/**
 * Presence runs inside the CMS dashboard (which provides true); editors rendered on their own, as in
 * component tests, send no heartbeats.
 */
export const PresenceEnabled = createContext(false);

/**
 * While an item's editor is open: a heartbeat through the database (every instance sees it), and the
 * names of the others who have it open now. Quiet on failure: a lost session is handled by the save.
 */
function useEditingPresence(itemUrl: string | null) {
  const [others, setOthers] = useState<string[]>([]);
  const enabled = useContext(PresenceEnabled);
  useEffect(() => {
    const url = enabled && itemUrl && presenceUrl(itemUrl);
    if (!url) return;
    let live = true;
    const beat = async () => {
      try {
        const res = await apiRequest('PUT', url, {});
        const body = (await res.json()) as PresenceAnswer;
        if (live) setOthers(body.others.map((o) => o.name));
      } catch {
        /* offline or signed out: no notice */
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    return () => {
      live = false;
      clearInterval(timer);
      void apiRequest('DELETE', url).catch(() => {});
    };
  }, [itemUrl, enabled]);
  return others;
}

/** "Eddie Editor" / "Ada and Eddie Editor are": the others' names as a sentence's subject. */
export const editorsOf = (others: readonly string[]) =>
  `${others.length === 1 ? others[0]! : `${others.slice(0, -1).join(', ')} and ${others[others.length - 1]!}`} ${
    others.length === 1 ? 'is' : 'are'
  }`;

/**
 * Who else has an item open now (GET, no heartbeat of one's own), for a question asked before
 * changing it from a list; nobody when it cannot be known (offline, an older API).
 */
export async function othersEditing(itemUrl: string): Promise<string[]> {
  const url = presenceUrl(itemUrl);
  if (!url) return [];
  try {
    const body = (await (await apiRequest('GET', url)).json()) as Partial<PresenceAnswer>;
    return Array.isArray(body.others)
      ? body.others.flatMap((o) => (typeof o?.name === 'string' ? [o.name] : []))
      : [];
  } catch {
    return [];
  }
}

/** "Eddie Editor is editing this" above the form while someone else has the item open. */
export function EditingNotice({ itemUrl }: { itemUrl: string | null }) {
  const others = useEditingPresence(itemUrl);
  if (!others.length) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm font-medium text-sky-900"
    >
      {editorsOf(others)} editing this
    </p>
  );
}
