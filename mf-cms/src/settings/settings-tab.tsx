import { siteSettingsQueryKey } from '@agency/ui';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminRoutes,
  DEFAULT_SITE_SETTINGS,
  siteSettingsSchema,
  type AdminSession,
  type SiteSettingEntry,
  type SiteSettings,
  type SiteSettingsInput,
} from '@agency/contracts';
import { Button, Card, Input, Skeleton, Textarea, apiRequest } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminKeys, errorMessage, fieldErrors, getEntity, guarded } from '../shared/admin-api';
import { SaveProblem, useSaveState } from '../shared/editor-dialog';
import { Field, describedBy } from '../shared/form-controls';
import { useUnsavedChanges } from '../shared/unsaved-changes';
import { PersonalDataCard } from '../privacy/personal-data-card';
import { ChangePasswordForm } from '../auth/change-password-form';

const fromEntries = (entries: SiteSettingEntry[]): SiteSettings => {
  const values = { ...DEFAULT_SITE_SETTINGS } as Record<string, unknown>;
  for (const e of entries) values[e.key] = e.value;
  return values as SiteSettings;
};

/** The settings with their version tag (ETag): a save names it in If-Match, like content. */
const versionedSettingsKey = ['admin', 'site-settings', 'versioned'] as const;
const loadVersioned = () => getEntity<SiteSettingEntry[]>(AdminRoutes.siteSettings);

/** PUT with If-Match; answers the new version tag. */
async function putSettings(values: SiteSettings, etag: string | undefined) {
  return guarded(async () => {
    const res = await apiRequest('PUT', AdminRoutes.siteSettings, values, etag ? { 'If-Match': etag } : {});
    await res.body?.cancel();
    return res.headers.get('ETag') ?? undefined;
  });
}

function SiteSettingsForm({
  entries,
  version,
}: {
  entries: SiteSettingEntry[];
  version: string | undefined;
}) {
  const id = useId();
  const client = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<SiteSettingsInput, unknown, SiteSettings>({
    resolver: zodResolver(siteSettingsSchema),
    defaultValues: fromEntries(entries),
  });
  useEffect(() => reset(fromEntries(entries)), [entries, reset]);
  useUnsavedChanges(isDirty);
  // Saved with If-Match like content; after a 412 the settings as stored now, the staff's text to copy.
  const saveState = useSaveState<SiteSettingEntry[]>(
    AdminRoutes.siteSettings,
    null,
    (fresh) => reset(fromEntries(fresh)),
    { itemUrl: AdminRoutes.siteSettings, etag: version },
  );

  const save = useMutation({
    mutationFn: (values: SiteSettings) => putSettings(values, saveState.etag),
    onSuccess: (newTag, values) => {
      saveState.saved(newTag);
      reset(values);
      return Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list(AdminRoutes.siteSettings) }),
        // The footer and contact page share this query: show the new details without a reload.
        client.invalidateQueries({ queryKey: siteSettingsQueryKey }),
      ]);
    },
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () =>
        toast({ title: 'Settings saved', description: 'The public site uses them from the next page load.' }),
      onError: (err) => {
        saveState.failed(err, values);
        for (const [name, message] of Object.entries(fieldErrors(err)))
          setError(name as keyof SiteSettingsInput, { message });
        toast({ variant: 'destructive', title: 'Settings not saved', description: errorMessage(err) });
      },
    }),
  );

  const f = (n: string) => `${id}-${n}`;
  const social = ['linkedin', 'x', 'instagram', 'youtube'] as const;
  const socialLabels = {
    linkedin: 'LinkedIn URL',
    x: 'X (Twitter) URL',
    instagram: 'Instagram URL',
    youtube: 'YouTube URL',
  };
  return (
    <Card className="p-6">
      <h3 className="text-lg font-semibold text-ink-900">Site Settings</h3>
      <p className="mt-1 text-sm text-slate-600">
        Name, contact details and social links shown on the public site.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4" aria-label="Site settings">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Site Name" htmlFor={f('siteName')} error={errors.siteName?.message}>
            <Input
              {...describedBy(f('siteName'), errors.siteName?.message)}
              {...register('siteName')}
              invalid={Boolean(errors.siteName)}
            />
          </Field>
          <Field label="Contact Email" htmlFor={f('contactEmail')} error={errors.contactEmail?.message}>
            <Input
              type="email"
              {...describedBy(f('contactEmail'), errors.contactEmail?.message)}
              {...register('contactEmail')}
              invalid={Boolean(errors.contactEmail)}
            />
          </Field>
          <Field label="Contact Phone" htmlFor={f('contactPhone')} error={errors.contactPhone?.message}>
            <Input
              type="tel"
              {...describedBy(f('contactPhone'), errors.contactPhone?.message)}
              {...register('contactPhone')}
              invalid={Boolean(errors.contactPhone)}
            />
          </Field>
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-ink-900">Social Links</legend>
          {social.map((key) => {
            const message = errors.socialLinks?.[key]?.message;
            return (
              <Field key={key} label={socialLabels[key]} htmlFor={f(key)} error={message}>
                <Input
                  type="url"
                  {...describedBy(f(key), message)}
                  {...register(`socialLinks.${key}`)}
                  invalid={Boolean(message)}
                />
              </Field>
            );
          })}
        </fieldset>
        <Field
          label="Default Meta Description"
          htmlFor={f('meta')}
          error={errors.defaultMetaDescription?.message}
        >
          <Textarea
            rows={2}
            {...describedBy(f('meta'), errors.defaultMetaDescription?.message)}
            {...register('defaultMetaDescription')}
            invalid={Boolean(errors.defaultMetaDescription)}
          />
        </Field>
        <Field
          label="Keep leads for (months)"
          className="max-w-md"
          htmlFor={f('retention')}
          error={errors.leadRetentionMonths?.message}
          hint="Contact requests and resource leads are deleted this long after the last contact (checked daily); the privacy page states the period."
        >
          <Input
            type="number"
            min={1}
            max={120}
            {...describedBy(f('retention'), errors.leadRetentionMonths?.message, true)}
            {...register('leadRetentionMonths', { valueAsNumber: true })}
            invalid={Boolean(errors.leadRetentionMonths)}
          />
        </Field>
        <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
          <Field
            label="End a canary past (failures per 1,000 views)"
            htmlFor={f('canary-rate')}
            error={errors.canaryMaxFailuresPerThousand?.message}
            hint="A canary whose client errors and failed server renders per 1,000 views exceed the live version's by more than this ends by itself."
          >
            <Input
              type="number"
              min={0}
              max={1000}
              step="any"
              {...describedBy(f('canary-rate'), errors.canaryMaxFailuresPerThousand?.message, true)}
              {...register('canaryMaxFailuresPerThousand', { valueAsNumber: true })}
              invalid={Boolean(errors.canaryMaxFailuresPerThousand)}
            />
          </Field>
          <Field
            label="…once the canary has (views)"
            htmlFor={f('canary-views')}
            error={errors.canaryMinViews?.message}
            hint="Fewer views than this decide nothing."
          >
            <Input
              type="number"
              min={1}
              {...describedBy(f('canary-views'), errors.canaryMinViews?.message, true)}
              {...register('canaryMinViews', { valueAsNumber: true })}
              invalid={Boolean(errors.canaryMinViews)}
            />
          </Field>
        </div>
        <SaveProblem
          state={saveState}
          id={id}
          staleMessage="Not saved: the settings were changed by someone else since you opened them. Reload them to edit the current version; your text stays below to copy."
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending || !isDirty}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The shared owner password (admins and the owner; a personal account's own is "My password"). */
function SharedPasswordCard({ session }: { session: AdminSession }) {
  return (
    <Card className="p-6">
      <h3 className="text-lg font-semibold text-ink-900">Change Password</h3>
      <p className="mt-1 text-sm text-slate-600">
        The shared staff password. Changing it signs out every other session.
      </p>
      {session.passwordFromEnvironment ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This server sets the password with ADMIN_PASSWORD: a password changed here is replaced by that one
          at the next server start.
        </p>
      ) : null}
      <ChangePasswordForm url={AdminRoutes.password} className="mt-5" />
    </Card>
  );
}

export function SettingsTab({ session }: { session: AdminSession }) {
  // Read once per visit (no refetch on focus): a background refetch must not replace typed text.
  const settings = useQuery({
    queryKey: versionedSettingsKey,
    queryFn: loadVersioned,
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-ink-900">Settings</h2>
      {settings.isPending ? (
        <Skeleton className="h-64" />
      ) : (
        <SiteSettingsForm
          entries={Array.isArray(settings.data?.row) ? settings.data.row : []}
          version={settings.data?.etag}
        />
      )}
      <SharedPasswordCard session={session} />
      <PersonalDataCard />
    </div>
  );
}
