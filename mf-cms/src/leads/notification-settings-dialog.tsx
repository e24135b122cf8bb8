import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LEAD_TYPES,
  NotificationRoutes,
  type LeadType,
  type NotificationSettingsInput,
  type NotificationSettingsView,
} from '@agency/contracts';
import { Button, Input, Textarea } from '@agency/ui';
import { Dialog } from '@agency/ui/dialog';
import { toast } from '@agency/ui/toast';
import { adminGet, adminSend, errorMessage, fieldErrors } from '../shared/admin-api';
import { Field, Switch, describedBy } from '../shared/form-controls';

const FORM_LABELS: Record<LeadType, string> = {
  contacts: 'Contact requests',
  resources: 'Resource leads',
  newsletter: 'Newsletter sign-ups',
};
const settingsKey = ['admin', 'notifications', 'settings'] as const;

/** Read tolerantly: a missing part shows as empty, never blanks the form. */
function readSettings(d: unknown): NotificationSettingsView | null {
  if (!d || typeof d !== 'object') return null;
  const s = d as Partial<NotificationSettingsView>;
  return {
    recipients: Array.isArray(s.recipients) ? s.recipients.map(String) : [],
    notifyNewsletter: s.notifyNewsletter === true,
    confirmationText: typeof s.confirmationText === 'string' ? s.confirmationText : '',
    webhooks: s.webhooks && typeof s.webhooks === 'object' ? s.webhooks : {},
  };
}

function SettingsForm({ current, onSaved }: { current: NotificationSettingsView; onSaved: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [recipients, setRecipients] = useState(current.recipients.join('\n'));
  const [notifyNewsletter, setNotifyNewsletter] = useState(current.notifyNewsletter);
  const [confirmationText, setConfirmationText] = useState(current.confirmationText);
  const [urls, setUrls] = useState<Record<LeadType, string>>(
    () =>
      Object.fromEntries(LEAD_TYPES.map((t) => [t, current.webhooks[t]?.url ?? ''])) as Record<
        LeadType,
        string
      >,
  );
  const [rotate, setRotate] = useState<Partial<Record<LeadType, boolean>>>({});
  const [newSecrets, setNewSecrets] = useState<Partial<Record<LeadType, string>> | null>(null);
  const save = useMutation({
    mutationFn: (body: NotificationSettingsInput) =>
      adminSend<NotificationSettingsView>('PUT', NotificationRoutes.settings, body),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: settingsKey });
      toast({ title: 'Notification settings saved' });
      if (saved.newSecrets && Object.keys(saved.newSecrets).length) setNewSecrets(saved.newSecrets);
      else onSaved();
    },
  });
  const errors = save.error ? fieldErrors(save.error) : {};

  if (newSecrets) {
    return (
      <div className="space-y-3 text-sm">
        <p>Copy each new secret into its receiver now: it is not shown again.</p>
        {(Object.entries(newSecrets) as [LeadType, string][]).map(([type, secret]) => (
          <div key={type}>
            <p className="font-medium">{FORM_LABELS[type]}</p>
            <code className="block break-all rounded bg-slate-100 p-2">{secret}</code>
          </div>
        ))}
        <div className="flex justify-end">
          <Button onClick={onSaved}>Done</Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const webhooks: NotificationSettingsInput['webhooks'] = {};
        for (const type of LEAD_TYPES) {
          const url = urls[type].trim();
          if (url) webhooks[type] = { url, ...(rotate[type] ? { rotateSecret: true } : {}) };
        }
        save.mutate({
          recipients: recipients
            .split(/[\s,;]+/)
            .map((r) => r.trim())
            .filter(Boolean),
          notifyNewsletter,
          confirmationText,
          webhooks,
        });
      }}
    >
      <Field
        label="E-mail each new lead to"
        htmlFor={`${id}-recipients`}
        hint="One address per line."
        error={Object.entries(errors).find(([k]) => k.startsWith('recipients'))?.[1]}
      >
        <Textarea
          {...describedBy(`${id}-recipients`, undefined, true)}
          rows={3}
          value={recipients}
          onChange={(e) => setRecipients(e.target.value)}
        />
      </Field>
      <Switch
        checked={notifyNewsletter}
        onChange={setNotifyNewsletter}
        label="Also e-mail newsletter sign-ups"
      />
      <Field
        label="Confirmation e-mail to a visitor who sent the contact form"
        htmlFor={`${id}-confirmation`}
        error={errors['confirmationText']}
      >
        <Textarea
          {...describedBy(`${id}-confirmation`, errors['confirmationText'])}
          rows={5}
          value={confirmationText}
          onChange={(e) => setConfirmationText(e.target.value)}
        />
      </Field>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink-900">Webhooks (a signed JSON POST per lead)</legend>
        {LEAD_TYPES.map((type) => {
          const fieldId = `${id}-hook-${type}`;
          const error = errors[`webhooks.${type}.url`];
          const hook = current.webhooks[type];
          return (
            <Field
              key={type}
              label={FORM_LABELS[type]}
              htmlFor={fieldId}
              error={error}
              {...(hook ? { hint: `Secret ends in ${hook.secretHint.replace(/^…/, '')}` } : {})}
            >
              <Input
                {...describedBy(fieldId, error, Boolean(hook))}
                type="url"
                placeholder="https://"
                value={urls[type]}
                onChange={(e) => setUrls({ ...urls, [type]: e.target.value })}
              />
              {hook ? (
                <label className="mt-1 flex items-center gap-2 text-xs text-slate-600">
                  <input
                    type="checkbox"
                    checked={rotate[type] ?? false}
                    onChange={(e) => setRotate({ ...rotate, [type]: e.target.checked })}
                  />
                  Make a new secret
                </label>
              ) : null}
            </Field>
          );
        })}
      </fieldset>
      {save.error && !Object.keys(errors).length ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/**
 * Who is told about leads (admins): the button shows only when the settings can be read, so editors,
 * whom the API refuses them, never see it.
 */
export function NotificationSettingsButton() {
  const [open, setOpen] = useState(false);
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: () => adminGet<unknown>(NotificationRoutes.settings),
    select: readSettings,
    retry: false,
  });
  if (!settings.data) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Who is told
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Who is told about new leads">
        {open ? <SettingsForm current={settings.data} onSaved={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}
