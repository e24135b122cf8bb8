import { useState, type FocusEvent } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { ExternalLink, LogOut } from 'lucide-react';
import {
  AdminRoutes,
  type AdminContentBlock,
  type AdminPage,
  type AdminService,
  type AdminSession,
} from '@agency/contracts';
import { Button, buttonClasses, cn } from '@agency/ui';
import { useAdminList, useSiteSettings } from '../shared/admin-api';
import { useLogout } from '../auth/session';
import { OverviewTab } from './overview-tab';
import { PagesTab } from '../pages/pages-tab';
import { ContentBlocksTab } from '../content-blocks/content-blocks-tab';
import { EntityTab } from '../entities/entity-tab';
import {
  blogConfig,
  caseStudyConfig,
  resourceConfig,
  serviceConfig,
  testimonialConfig,
} from '../entities/entity-configs';
import { MediaTab } from '../media/media-tab';
import { LeadsTab } from '../leads/leads-tab';
import { SettingsTab } from '../settings/settings-tab';
import { TrashTab } from '../trash/trash-tab';
import { ReleasesTab } from '../releases/releases-tab';
import { ConfirmDiscard } from '../shared/editor-dialog';
import { hasUnsavedChanges, useBeforeUnloadGuard } from '../shared/unsaved-changes';

export const TABS = [
  'Overview',
  'Pages',
  'Content Blocks',
  'Services',
  'Blog',
  'Case Studies',
  'Testimonials',
  'Resources',
  'Media',
  'Leads',
  'Releases',
  'Trash',
  'Settings',
] as const;
export type TabName = (typeof TABS)[number];

export function CmsDashboard({ session }: { session: AdminSession }) {
  const [tab, setTab] = useState<TabName>('Overview');
  /** A "create" request from the Overview quick actions, consumed by the tab it opens. */
  const [createIn, setCreateIn] = useState<TabName | null>(null);
  const logout = useLogout();

  // The four lists the spec loads together when the CMS opens.
  const pages = useAdminList<AdminPage>(AdminRoutes.pages);
  const services = useAdminList<AdminService>(AdminRoutes.services);
  const blocks = useAdminList<AdminContentBlock>(AdminRoutes.contentBlocks);
  const settings = useSiteSettings();
  const initial = [pages, services, blocks, settings];
  const failed = initial.filter((q) => q.isError);

  /** Leaving the current tab (or the CMS) while a form there holds unsaved changes asks first. */
  const [leaving, setLeaving] = useState<(() => void) | null>(null);
  useBeforeUnloadGuard();
  const guarded = (go: () => void) => (hasUnsavedChanges() ? setLeaving(() => go) : go());

  const open = (name: TabName, create = false) => {
    if (name === tab && !create) return;
    guarded(() => {
      setTab(name);
      setCreateIn(create ? name : null);
    });
  };

  /**
   * The tab strip is Radix's (arrows, Home and End move and select; a switch away from unsaved changes
   * asks first). Focus selects a tab only when it moved along the strip: focus handed back from
   * elsewhere, such as the unsaved-changes question closing, leaves the selection as it is.
   */
  const selectOnlyWhenMovedWithin = (e: FocusEvent<HTMLButtonElement>) => {
    const from = e.relatedTarget;
    if (!(from instanceof Node && e.currentTarget.parentElement?.contains(from))) e.preventDefault();
  };

  const createProps = (name: TabName) => ({
    startCreating: createIn === name,
    onCreateStarted: () => setCreateIn(null),
  });

  const panel = (name: TabName) => {
    switch (name) {
      case 'Overview':
        return (
          <OverviewTab
            pages={pages.data ?? []}
            services={services.data ?? []}
            blocks={blocks.data ?? []}
            settings={settings.data ?? []}
            onOpen={open}
          />
        );
      case 'Pages':
        return <PagesTab pages={pages.data ?? []} loading={pages.isPending} {...createProps('Pages')} />;
      case 'Content Blocks':
        return <ContentBlocksTab blocks={blocks.data ?? []} loading={blocks.isPending} />;
      case 'Services':
        return <EntityTab config={serviceConfig} {...createProps('Services')} />;
      case 'Blog':
        return <EntityTab config={blogConfig} />;
      case 'Case Studies':
        return <EntityTab config={caseStudyConfig} />;
      case 'Testimonials':
        return <EntityTab config={testimonialConfig} />;
      case 'Resources':
        return <EntityTab config={resourceConfig} />;
      case 'Media':
        return <MediaTab />;
      case 'Leads':
        return <LeadsTab />;
      case 'Releases':
        return <ReleasesTab />;
      case 'Trash':
        return <TrashTab />;
      case 'Settings':
        return <SettingsTab session={session} />;
    }
  };

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => open(value as TabName)}
      className="min-h-screen bg-slate-50"
    >
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6 lg:px-8">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-600 font-bold text-white"
            >
              D
            </span>
            <div>
              <h1 className="text-lg font-bold leading-tight text-ink-900">Content Management</h1>
              <p className="text-xs text-slate-600">Distilled Digital staff area</p>
            </div>
          </div>
          <div className="flex items-center gap-2">
            <a href="/" target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')}>
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              View Site
            </a>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => guarded(() => logout.mutate())}
              disabled={logout.isPending}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Logout
            </Button>
          </div>
        </div>
        <div className="mx-auto max-w-7xl overflow-x-auto px-4 sm:px-6 lg:px-8">
          <Tabs.List aria-label="Content sections" className="flex gap-1">
            {TABS.map((name) => (
              <Tabs.Trigger
                key={name}
                value={name}
                onFocus={selectOnlyWhenMovedWithin}
                className={cn(
                  'whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                  tab === name
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-ink-900',
                )}
              >
                {name}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>
      </header>

      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        {failed.length ? (
          <div
            role="alert"
            className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <span>Some content could not be loaded. The lists below may be empty.</span>
            <Button size="sm" variant="outline" onClick={() => failed.forEach((q) => void q.refetch())}>
              Retry
            </Button>
          </div>
        ) : null}
        <Tabs.Content value={tab} tabIndex={-1} className="focus:outline-none">
          {panel(tab)}
        </Tabs.Content>
      </main>
      <ConfirmDiscard
        open={leaving !== null}
        discardLabel="Leave without saving"
        onKeep={() => setLeaving(null)}
        onDiscard={() => {
          const go = leaving;
          setLeaving(null);
          go?.();
        }}
      />
    </Tabs.Root>
  );
}
