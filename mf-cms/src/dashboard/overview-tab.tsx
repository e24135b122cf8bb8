import { FileText, Image, Layers, Plus, Briefcase, Settings } from 'lucide-react';
import type { AdminContentBlock, AdminPage, AdminService, SiteSettingEntry } from '@agency/contracts';
import { Card } from '@agency/ui';
import type { TabName } from '../shared/cms-address';
import { LeadActivity } from './lead-activity';
import { TeamActivity } from './team-activity';

function Counter({
  label,
  value,
  detail,
  icon,
}: {
  label: string;
  value: number;
  detail?: string;
  icon: React.ReactNode;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between">
        <div>
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="mt-2 text-3xl font-bold text-ink-900">{value}</p>
          {detail ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
        </div>
        <span
          className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          {icon}
        </span>
      </div>
    </Card>
  );
}

export function OverviewTab({
  pages,
  services,
  blocks,
  settings,
  publicUrlWarning,
  notice,
  onOpen,
  onOpenItem,
  canOpen = () => true,
}: {
  pages: AdminPage[];
  services: AdminService[];
  blocks: AdminContentBlock[];
  settings: SiteSettingEntry[];
  /** The server's warning that PUBLIC_URL is unset in production (see the session's publicUrlWarning). */
  publicUrlWarning?: string | undefined;
  /** Why the Overview is shown instead of the tab the address named (a tab this role may not use). */
  notice?: string | undefined;
  onOpen: (tab: TabName, create?: boolean) => void;
  /** Opens an item's editor (the Overview's scheduled items and recent edits link to them). */
  onOpenItem: (tab: TabName, id: number) => void;
  /** The signed-in role may use this tab (quick actions to others are not shown). */
  canOpen?: (tab: TabName) => boolean;
}) {
  const actions: { label: string; tab: TabName; create: boolean; icon: React.ReactNode }[] = [
    { label: 'New Page', tab: 'Pages', create: true, icon: <Plus className="h-5 w-5" /> },
    { label: 'New Service', tab: 'Services', create: true, icon: <Briefcase className="h-5 w-5" /> },
    { label: 'Media Library', tab: 'Media', create: false, icon: <Image className="h-5 w-5" /> },
    { label: 'Site Settings', tab: 'Settings', create: false, icon: <Settings className="h-5 w-5" /> },
  ];
  return (
    <div>
      <h2 className="sr-only">Overview</h2>
      {notice ? (
        <p role="status" className="mb-6 rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900">
          {notice}
        </p>
      ) : null}
      {publicUrlWarning ? (
        <p role="alert" className="mb-6 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {publicUrlWarning}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Counter
          label="Total Pages"
          value={pages.length}
          detail={`${pages.filter((p) => p.published).length} published`}
          icon={<FileText className="h-5 w-5" />}
        />
        <Counter
          label="Services"
          value={services.length}
          detail={`${services.filter((s) => s.published).length} active`}
          icon={<Briefcase className="h-5 w-5" />}
        />
        <Counter label="Content Blocks" value={blocks.length} icon={<Layers className="h-5 w-5" />} />
        <Counter label="Site Settings" value={settings.length} icon={<Settings className="h-5 w-5" />} />
      </div>
      {canOpen('Leads') ? <LeadActivity onOpenLeads={() => onOpen('Leads')} /> : null}
      <TeamActivity onOpenItem={onOpenItem} canOpen={canOpen} />
      <Card className="mt-8 p-6">
        <h3 className="text-lg font-semibold text-ink-900">Quick Actions</h3>
        <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {actions
            .filter((a) => canOpen(a.tab))
            .map((a) => (
              <button
                key={a.label}
                type="button"
                onClick={() => onOpen(a.tab, a.create)}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left text-sm font-semibold text-ink-900 transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span className="text-brand-700" aria-hidden="true">
                  {a.icon}
                </span>
                {a.label}
              </button>
            ))}
        </div>
      </Card>
    </div>
  );
}
