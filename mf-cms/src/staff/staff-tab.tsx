import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_ROLES,
  StaffRoutes,
  type SetPasswordLink,
  type StaffRole,
  type StaffUser,
} from '@agency/contracts';
import { Button, Card, Input, Select, Skeleton, formatDate } from '@agency/ui';
import { Dialog } from '@agency/ui/dialog';
import { toast } from '@agency/ui/toast';
import { adminGet, adminKeys, adminSend, asArray, errorMessage, fieldErrors } from '../shared/admin-api';
import { Field } from '../shared/form-controls';
import { EmptyState, LoadFailed, TabHeader } from '../shared/list-ui';
import { useConfirm } from '../shared/confirm';

const usersKey = [...adminKeys.all, 'users'] as const;
const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', editor: 'Editor' };

/** New account: e-mail, name, role and an optional first password (else: copy a set-password link). */
function NewAccountDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: Record<string, string>) => adminSend<StaffUser>('POST', StaffRoutes.users, body),
    onSuccess: async (user) => {
      toast({ title: 'Account created', description: `${user.name} can now be given a password or a link.` });
      await client.invalidateQueries({ queryKey: usersKey });
      onClose();
    },
    onError: (err) => setErrors({ _: errorMessage(err), ...fieldErrors(err) }),
  });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    if (!data['password']) delete data['password'];
    setErrors({});
    create.mutate(data);
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="New account">
      <form onSubmit={onSubmit} noValidate aria-label="New account" className="space-y-4">
        <Field label="E-mail" htmlFor={`${id}-email`} error={errors['email']}>
          <Input id={`${id}-email`} name="email" type="email" autoComplete="off" required />
        </Field>
        <Field label="Name" htmlFor={`${id}-name`} error={errors['name']}>
          <Input id={`${id}-name`} name="name" required />
        </Field>
        <Field label="Role" htmlFor={`${id}-role`} error={errors['role']}>
          <Select id={`${id}-role`} name="role" defaultValue="editor">
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="First password (optional)"
          htmlFor={`${id}-password`}
          error={errors['password']}
          hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters, not a common one. Leave empty and copy a set-password link instead.`}
        >
          <Input id={`${id}-password`} name="password" type="password" autoComplete="new-password" />
        </Field>
        {errors['_'] && !Object.keys(errors).some((k) => k !== '_') ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors['_']}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A new password for one account (ends its sessions). */
function NewPasswordDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const change = useMutation({
    mutationFn: (password: string) => adminSend('PATCH', StaffRoutes.user(user.id), { password }),
    onSuccess: () => {
      toast({ title: 'Password changed', description: `${user.name} was signed out everywhere.` });
      onClose();
    },
    onError: (err) => setError(fieldErrors(err)['password'] ?? errorMessage(err)),
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`New password for ${user.name}`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate(String(new FormData(e.currentTarget).get('password') ?? ''));
        }}
        className="space-y-4"
      >
        <Field label="New password" htmlFor={`${id}-pw`} error={error}>
          <Input id={`${id}-pw`} name="password" type="password" autoComplete="new-password" />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            Set password
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The set-password link, to copy and pass on (the site sends no mail). */
function LinkDialog({
  user,
  link,
  onClose,
}: {
  user: StaffUser;
  link: SetPasswordLink;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Set-password link for ${user.name}`}
      description={`It works once, until ${formatDate(link.expiresAt)}. Send it to ${user.email} yourself.`}
    >
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        Link
      </label>
      <Input id={id} readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
      <div className="mt-4 flex justify-end gap-2">
        <Button
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(link.url)
              .then(() => toast({ title: 'Link copied' }))
              .catch(() => {})
          }
        >
          Copy link
        </Button>
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}

/** Staff: the owner and admins create accounts, change roles, disable them and hand out links. */
export function StaffTab() {
  const client = useQueryClient();
  const users = useQuery({
    queryKey: usersKey,
    queryFn: () => adminGet<unknown>(StaffRoutes.users),
    select: (d) => asArray<StaffUser>(d),
  });
  const [creating, setCreating] = useState(false);
  const [passwordFor, setPasswordFor] = useState<StaffUser | null>(null);
  const [link, setLink] = useState<{ user: StaffUser; link: SetPasswordLink } | null>(null);
  const patch = useMutation({
    mutationFn: ({ user, body }: { user: StaffUser; body: Partial<StaffUser> }) =>
      adminSend<StaffUser>('PATCH', StaffRoutes.user(user.id), body),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
    onError: (err) => toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(err) }),
  });
  const { ask, dialog } = useConfirm();
  /** Disabling signs the person out everywhere at once: asked first, naming them. Enabling is not. */
  const toggle = async (u: StaffUser) => {
    if (
      !u.disabled &&
      !(await ask({
        title: `Disable ${u.name}?`,
        description: `${u.name} (${u.email}) is signed out everywhere at once and cannot sign in until an admin enables the account again. Their content and history stay.`,
        confirmLabel: `Disable ${u.name}`,
      }))
    )
      return;
    patch.mutate(
      { user: u, body: { disabled: !u.disabled } },
      {
        onSuccess: () =>
          toast({
            title: u.disabled ? `${u.name} enabled` : `${u.name} disabled`,
            description: u.disabled ? 'They can sign in again.' : 'They were signed out everywhere.',
          }),
      },
    );
  };
  const makeLink = useMutation({
    mutationFn: (user: StaffUser) => adminSend<SetPasswordLink>('POST', StaffRoutes.userLink(user.id), {}),
    onSuccess: (made, user) => setLink({ user, link: made }),
    onError: (err) => toast({ variant: 'destructive', title: 'No link', description: errorMessage(err) }),
  });

  return (
    <section aria-label="Staff">
      <TabHeader
        title="Staff"
        description="Personal accounts. Admins can do everything; editors work on content, media and leads. The shared password signs in as the owner."
        action="New account"
        onAction={() => setCreating(true)}
      />
      {users.isPending ? (
        <Skeleton className="h-32" />
      ) : users.isError ? (
        <LoadFailed what="Accounts" onRetry={() => void users.refetch()} />
      ) : !users.data.length ? (
        <EmptyState>No personal accounts yet: everyone signs in with the shared password.</EmptyState>
      ) : (
        <Card>
          {/* A table from md up; below, each account is a block whose controls wrap (no sideways scroll at 390 px). */}
          <table className="block w-full text-left text-sm md:table">
            <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600 md:table-header-group">
              <tr>
                <th className="px-4 py-3">Name</th>
                <th className="px-4 py-3">E-mail</th>
                <th className="px-4 py-3">Role</th>
                <th className="px-4 py-3">State</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 md:table-row-group">
              {users.data.map((u) => (
                <tr
                  key={u.id}
                  data-testid="staff-row"
                  className="block space-y-2 p-4 md:table-row md:space-y-0 md:p-0"
                >
                  <td className="block font-medium text-ink-900 md:table-cell md:px-4 md:py-3">{u.name}</td>
                  <td className="block break-all text-slate-700 md:table-cell md:break-normal md:px-4 md:py-3">
                    {u.email}
                  </td>
                  <td className="block md:table-cell md:px-4 md:py-3">
                    <Select
                      aria-label={`Role of ${u.name}`}
                      value={u.role}
                      className="w-full sm:w-auto"
                      onChange={(e) => patch.mutate({ user: u, body: { role: e.target.value as StaffRole } })}
                    >
                      {STAFF_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </option>
                      ))}
                    </Select>
                  </td>
                  <td className="block md:table-cell md:px-4 md:py-3">
                    {u.disabled ? 'Disabled' : u.hasPassword ? 'Active' : 'Waiting for a password'}
                  </td>
                  <td className="block md:table-cell md:px-4 md:py-3">
                    <div className="flex flex-wrap gap-2 md:justify-end">
                      <Button size="sm" variant="outline" onClick={() => makeLink.mutate(u)}>
                        Set-password link
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setPasswordFor(u)}>
                        New password
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => void toggle(u)}>
                        {u.disabled ? 'Enable' : 'Disable'}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {creating ? <NewAccountDialog onClose={() => setCreating(false)} /> : null}
      {passwordFor ? <NewPasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} /> : null}
      {link ? <LinkDialog {...link} onClose={() => setLink(null)} /> : null}
      {dialog}
    </section>
  );
}
