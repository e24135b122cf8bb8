import { useEffect, useRef, useState, type FocusEvent } from 'react';
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
import { useNavigate, useSearchParams } from '@agency/ui/router';
import { useToastPlacement } from '@agency/ui/toast';
import { useAdminList, useSiteSettings } from '../shared/admin-api';
import { useLogout } from '../auth/session';
import { OverviewTab } from './overview-tab';
import { PagesTab } from '../pages/pages-tab';
import { ContentBlocksTab } from '../content-blocks/content-blocks-tab';
import { EntityTab } from '../entities/entity-tab';
import { ENTITY_CONFIGS } from '../entities/entity-configs';
import { MediaTab } from '../media/media-tab';
import { LeadsTab } from '../leads/leads-tab';
import { SettingsTab } from '../settings/settings-tab';
import { TrashTab } from '../trash/trash-tab';
import { RedirectsTab } from '../redirects/redirects-tab';
import { ReleasesTab } from '../releases/releases-tab';
import { ConfirmDiscard } from '../shared/editor-dialog';
import { hasUnsavedChanges, useBeforeUnloadGuard } from '../shared/unsaved-changes';
import { StaffTab } from '../staff/staff-tab';
import { AuditTab } from '../audit/audit-tab';
import { accountOf, roleOf, visibleTabs } from '../auth/roles';
import { ReauthDialog } from '../auth/reauth-dialog';
import { OwnPasswordButton } from '../auth/own-password';
import { PresenceEnabled } from '../shared/editing-presence';
import { DraftAccount } from '../shared/local-draft';
import { useLiveUpdates } from '../shared/live-updates';
import {
  OpenItemContext,
  TABS,
  addressFrom,
  hiddenTabOf,
  addressSearch,
  sameAddress,
  type CmsAddress,
  type OpenItem,
  type TabName,
  contentTypeOfTab,
} from '../shared/cms-address';

export function CmsDashboard({ session }: { session: AdminSession }) {
  const account = accountOf(session);
  const logout = useLogout(account);
  /** The tabs the signed-in role may use: editors see no Releases, Settings, Staff or Audit. */
  const tabs = visibleTabs(TABS, roleOf(session));
  // The CMS's controls sit at the top right (header, tabs, list actions) and its dialogs' Save at the
  // bottom right: its toasts show at the bottom left.
  useToastPlacement('bottom-left');

  // The four lists the spec loads together when the CMS opens.
  const pages = useAdminList<AdminPage>(AdminRoutes.pages);
  const services = useAdminList<AdminService>(AdminRoutes.services);
  const blocks = useAdminList<AdminContentBlock>(AdminRoutes.contentBlocks);
  const settings = useSiteSettings();
  const initial = [pages, services, blocks, settings];
  const failed = initial.filter((q) => q.isError);
  // Colleagues' writes reach this tab as they happen; lists ask again when shown and on focus.
  useLiveUpdates();

  /** Leaving the current tab (or the CMS) while a form there holds unsaved changes asks first. */
  const [leaving, setLeaving] = useState<{ go: () => void; keep: () => void } | null>(null);
  useBeforeUnloadGuard();
  const guarded = (go: () => void) => (hasUnsavedChanges() ? setLeaving({ go, keep: () => {} }) : go());

  /**
   * The tab and open item follow the address bar (`?tab=…&item=…`): every move is a history entry,
   * so Back and Forward walk the CMS and a reload or a shared link opens the same place.
   */
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const wanted = addressFrom(params, tabs);
  /** A tab the link named that this role may not use: the Overview it shows instead says why. */
  const hiddenTab = hiddenTabOf(params, tabs);
  const [shown, setShown] = useState(wanted);
  /** The move to the address was asked for here (or needs no question): the effect just follows. */
  const intended = useRef(false);
  /** Where the last move goes until the address is there (a tab's click and focus both ask for it). */
  const requested = useRef<CmsAddress | null>(null);
  const go = (next: CmsAddress) => {
    if (sameAddress(next, requested.current ?? shown)) return;
    intended.current = true;
    requested.current = next;
    navigate({ search: addressSearch(next) });
  };
  useEffect(() => {
    if (sameAddress(wanted, shown)) return;
    if (intended.current || !hasUnsavedChanges()) {
      intended.current = false;
      requested.current = null;
      setShown(wanted);
      return;
    }
    // Back or Forward away from unsaved changes: asked first; keeping them puts the address back.
    setLeaving({
      go: () => setShown(wanted),
      keep: () => navigate({ search: addressSearch(shown) }, { replace: true }),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the address changes
  }, [wanted.tab, wanted.item]);
  const tab = shown.tab;
  // The lists loaded here stay mounted across tabs: showing their tab asks for them again (the tabs
  // with their own lists do so when they mount).
  const shownOnce = useRef(false);
  useEffect(() => {
    if (!shownOnce.current) {
      shownOnce.current = true;
      return;
    }
    if (tab === 'Overview' || tab === 'Pages') void pages.refetch();
    if (tab === 'Overview') void services.refetch();
    if (tab === 'Overview' || tab === 'Content Blocks') void blocks.refetch();
    if (tab === 'Overview' || tab === 'Settings') void settings.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the tab changes
  }, [tab]);

  const open = (name: TabName, create = false) => {
    if (name === tab && !create) return;
    guarded(() => go({ tab: name, item: create ? 'new' : null }));
  };
  const openItem: OpenItem = { item: shown.item, setItem: (item) => go({ tab, item }) };

  /**
   * The tab strip is Radix's (arrows, Home and End move and select; a switch away from unsaved changes
   * asks first). Focus selects a tab only when it moved along the strip: focus handed back from
   * elsewhere, such as the unsaved-changes question closing, leaves the selection as it is.
   */
  const selectOnlyWhenMovedWithin = (e: FocusEvent<HTMLButtonElement>) => {
    const from = e.relatedTarget;
    if (!(from instanceof Node && e.currentTarget.parentElement?.contains(from))) e.preventDefault();
  };

  const panel = (name: TabName) => {
    const type = contentTypeOfTab(name);
    if (type && type !== 'pages' && type !== 'content-blocks') {
      return <EntityTab config={ENTITY_CONFIGS[type]} />;
    }
    switch (name) {
      case 'Overview':
        return (
          <OverviewTab
            pages={pages.data ?? []}
            services={services.data ?? []}
            blocks={blocks.data ?? []}
            settings={settings.data ?? []}
            publicUrlWarning={session.publicUrlWarning}
            notice={
              hiddenTab
                ? `The ${hiddenTab} tab is for admins: you are signed in as an editor, so the Overview is shown instead.`
                : undefined
            }
            onOpen={open}
            onOpenItem={(name, id) => guarded(() => go({ tab: name, item: String(id) }))}
            canOpen={(name) => tabs.includes(name)}
          />
        );
      case 'Pages':
        return <PagesTab pages={pages.data ?? []} loading={pages.isPending} />;
      case 'Content Blocks':
        return <ContentBlocksTab blocks={blocks.data ?? []} loading={blocks.isPending} />;
      case 'Media':
        return <MediaTab />;
      case 'Leads':
        return <LeadsTab />;
      case 'Releases':
        return <ReleasesTab />;
      case 'Redirects':
        return <RedirectsTab />;
      case 'Trash':
        return <TrashTab />;
      case 'Settings':
        return <SettingsTab session={session} />;
      case 'Staff':
        return <StaffTab />;
      case 'Audit':
        return <AuditTab />;
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
          <div className="flex flex-wrap items-center justify-end gap-2">
            {session.user ? (
              <span className="text-sm text-slate-600" data-testid="signed-in-as">
                Signed in as <strong className="text-ink-900">{session.user.name}</strong>
              </span>
            ) : null}
            {session.user?.id != null ? <OwnPasswordButton /> : null}
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
          {/* A phone scrolls the strip; from 640 px it wraps, so no tab is ever cut off at the edge. */}
          <Tabs.List aria-label="Content sections" className="flex gap-1 sm:flex-wrap">
            {tabs.map((name) => (
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
          <PresenceEnabled.Provider value={true}>
            <DraftAccount.Provider value={account}>
              <OpenItemContext.Provider value={openItem}>{panel(tab)}</OpenItemContext.Provider>
            </DraftAccount.Provider>
          </PresenceEnabled.Provider>
        </Tabs.Content>
      </main>
      <ReauthDialog session={session} />
      <ConfirmDiscard
        open={leaving !== null}
        discardLabel="Leave without saving"
        onKeep={() => {
          leaving?.keep();
          setLeaving(null);
        }}
        onDiscard={() => {
          leaving?.go();
          setLeaving(null);
        }}
      />
    </Tabs.Root>
  );
}
