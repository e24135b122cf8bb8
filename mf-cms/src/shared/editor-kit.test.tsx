import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityTag } from '@agency/contracts';
import { Input } from '@agency/ui';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen, type FakeRoute } from '@agency/ui/testing';
import { Field } from './form-controls';
import { EditorForm, useEditorSave } from './editor-kit';
import { DraftAccount } from './local-draft';

const URL = '/api/admin/notes';
const schema = z.object({ title: z.string().min(1, 'Title is required') });
type Note = { id: number; title: string; updatedAt: string };
const STORED: Note = { id: 7, title: 'First', updatedAt: '2026-01-01T00:00:00.000Z' };

/** The smallest editor on the kit: one field. */
function NoteEditor({ note, onClose }: { note: Note | null; onClose: () => void }) {
  const form = useForm<{ title: string }, unknown, { title: string }>({
    resolver: zodResolver(schema),
    defaultValues: { title: note?.title ?? '' },
  });
  const editor = useEditorSave({
    url: URL,
    row: note,
    form,
    toForm: (row) => ({ title: row.title }),
    onClose,
    savedTitle: 'Note saved',
    notSavedTitle: 'Note not saved',
    nameField: 'title',
    fieldOf: (path) => (path === 'title' ? 'title' : null),
  });
  const error = form.formState.errors.title?.message;
  return (
    <EditorForm editor={editor} title={note ? 'Edit Note' : 'New Note'} saveLabel="Save Note">
      <Field label="Title" htmlFor="note-title" error={error}>
        <Input id="note-title" {...form.register('title')} invalid={Boolean(error)} />
      </Field>
    </EditorForm>
  );
}

/** The signed-in account whose drafts the editor keeps (auth/roles.ts `accountOf`). */
const EDDIE = 'user:3';
const draftOf = (account: string, item: string) =>
  JSON.parse(localStorage.getItem(`cms-draft:${account}:${URL}/${item}`) ?? 'null') as {
    values: unknown;
  } | null;

function renderEditor(
  note: Note | null,
  api: Record<string, FakeRoute> = {},
  account: string | null = EDDIE,
) {
  const onClose = vi.fn();
  const fake = fakeApi(api);
  renderScreen(
    <TooltipProvider>
      <DraftAccount.Provider value={account}>
        <NoteEditor note={note} onClose={onClose} />
      </DraftAccount.Provider>
      <Toaster />
    </TooltipProvider>,
  );
  return { fake, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: /Note$/ });
const title = () => within(dialog()).getByLabelText('Title') as HTMLInputElement;

describe('the editor kit (one save flow and footer for every CMS editor)', () => {
  afterEach(() => localStorage.clear());

  it('a new item is posted, named in the toast, its draft dropped, and the editor closes', async () => {
    const { fake, onClose } = renderEditor(null, {
      [`POST ${URL}`]: { status: 201, body: { ...STORED, title: 'Stored title' } },
    });
    const footer = within(dialog()).getByTestId('dialog-actions');
    // A new item has no history yet: Cancel and Save only.
    expect(
      within(footer)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Save Note']);
    await userEvent.type(title(), 'Typed title');
    await userEvent.click(within(footer).getByRole('button', { name: 'Save Note' }));
    expect(await screen.findByText('Note saved')).toBeTruthy();
    expect(screen.getByText('"Stored title" was saved.')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Typed title' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(draftOf(EDDIE, 'new')).toBeNull();
  });

  // Issue 41 defect 11: "Save always closes the dialog". Ctrl+S saves and keeps editing.
  it('Ctrl+S saves and stays open on what was stored; the next save names the new version', async () => {
    let saves = 0;
    const { fake, onClose } = renderEditor(STORED, {
      [`PUT ${URL}/7`]: (body) => ({
        status: 200,
        body: { ...STORED, ...(body as object), updatedAt: `2026-01-0${++saves + 1}T00:00:00.000Z` },
      }),
    });
    await userEvent.type(title(), ' draft one');
    await userEvent.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText('"First draft one" was saved.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(title().value).toBe('First draft one');
    // The Save button still saves and closes, from the version the first save stored.
    await userEvent.type(title(), ' and two');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save Note' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const puts = fake.calls.flatMap((c, i) => (c.method === 'PUT' ? [i] : []));
    expect(puts.map((i) => fake.calls[i]!.body)).toEqual([
      { title: 'First draft one' },
      { title: 'First draft one and two' },
    ]);
    expect(puts.map((i) => fake.headers[i]!['if-match'])).toEqual([
      entityTag({ updatedAt: STORED.updatedAt }),
      entityTag({ updatedAt: '2026-01-02T00:00:00.000Z' }),
    ]);
  });

  it('Ctrl+S on a new item creates it once; the next save updates that item', async () => {
    const { fake, onClose } = renderEditor(null, {
      [`POST ${URL}`]: (body) => ({ status: 201, body: { ...STORED, ...(body as object) } }),
      [`PUT ${URL}/7`]: (body) => ({ status: 200, body: { ...STORED, ...(body as object) } }),
    });
    await userEvent.type(title(), 'Brand new');
    await userEvent.keyboard('{Meta>}s{/Meta}');
    expect(await screen.findByText('"Brand new" was saved.')).toBeTruthy();
    await userEvent.type(title(), '!');
    await userEvent.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText('"Brand new!" was saved.')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${URL}`,
      `PUT ${URL}/7`,
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  // Issue 41 defect 8: a body's links to pages that do not exist are named after the save.
  it('a save whose answer names dead links says so in its toast, naming each', async () => {
    renderEditor(null, {
      [`POST ${URL}`]: { status: 201, body: { ...STORED, deadLinks: ['/blog/nope', '/services/gone'] } },
    });
    await userEvent.type(title(), 'Linked');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save Note' }));
    expect(await screen.findByText('Note saved')).toBeTruthy();
    expect(
      screen.getByText(
        '"First" was saved. These links lead to no page visitors can see: /blog/nope, /services/gone',
      ),
    ).toBeTruthy();
  });

  it('what is typed is kept as a draft in this browser, and opening the item again offers it back', async () => {
    const first = renderEditor(STORED);
    await userEvent.type(title(), ' and more');
    await waitFor(() => expect(draftOf(EDDIE, '7')?.values).toEqual({ title: 'First and more' }));
    expect(first.onClose).not.toHaveBeenCalled();
    cleanup();
    renderEditor(STORED);
    expect(title().value).toBe('First');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Restore unsaved changes' }));
    expect(title().value).toBe('First and more');
  });

  it('a draft is kept for the account that typed it: another account is never offered it', async () => {
    renderEditor(STORED);
    await userEvent.type(title(), ' by Eddie');
    await waitFor(() => expect(draftOf(EDDIE, '7')?.values).toEqual({ title: 'First by Eddie' }));
    cleanup();
    // The next person on this browser, signed in with their own account, sees the stored version only.
    renderEditor(STORED, {}, 'user:4');
    expect(title().value).toBe('First');
    expect(within(dialog()).queryByRole('button', { name: 'Restore unsaved changes' })).toBeNull();
    cleanup();
    // Nor does anyone when no account is known.
    renderEditor(STORED, {}, null);
    expect(within(dialog()).queryByRole('button', { name: 'Restore unsaved changes' })).toBeNull();
    cleanup();
    renderEditor(STORED);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Restore unsaved changes' }));
    expect(title().value).toBe('First by Eddie');
  });

  it('closing the editor keeps what was typed last, even before the draft was due to be written', async () => {
    renderEditor(STORED);
    await userEvent.type(title(), '!');
    // Closed at once (the session ended, another account signed in): nothing typed is lost.
    cleanup();
    expect(draftOf(EDDIE, '7')?.values).toEqual({ title: 'First!' });
  });

  it('a stored item is saved with If-Match; the footer has History', async () => {
    const { fake } = renderEditor(STORED, { [`PUT ${URL}/7`]: ok(STORED) });
    expect(within(dialog()).getByRole('button', { name: 'History' })).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save Note' }));
    await screen.findByText('Note saved');
    const put = fake.calls.findIndex((c) => c.method === 'PUT');
    // The version it opened, as the API spells it.
    expect(fake.headers[put]?.['if-match']).toBe(entityTag({ updatedAt: STORED.updatedAt }));
  });

  it("the server's field message shows beside the field, the input is kept, the editor stays", async () => {
    const { onClose } = renderEditor(STORED, {
      [`PUT ${URL}/7`]: {
        status: 400,
        body: { message: 'Invalid input', fields: { title: 'Title is taken' } },
      },
    });
    await userEvent.clear(title());
    await userEvent.type(title(), 'Taken');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save Note' }));
    expect(await within(dialog()).findByText('Title is taken')).toBeTruthy();
    expect(screen.getByText('Note not saved')).toBeTruthy();
    expect(title().value).toBe('Taken');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a 412 keeps the typed text to copy and reloads the current version on request', async () => {
    renderEditor(STORED, {
      [`PUT ${URL}/7`]: { status: 412, body: { message: 'Changed since you opened it' } },
      [`${URL}/7`]: { status: 200, body: { ...STORED, title: 'Colleague title' }, headers: { ETag: '"v2"' } },
    });
    await userEvent.clear(title());
    await userEvent.type(title(), 'My title');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save Note' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('changed by someone else');
    const copy = within(dialog()).getByLabelText('Your unsaved version (copy what you need)');
    expect((copy as HTMLTextAreaElement).value).toBe('title: My title');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload current version' }));
    await waitFor(() => expect(title().value).toBe('Colleague title'));
  });

  it('Cancel with unsaved changes asks first; Keep editing keeps them', async () => {
    const { onClose } = renderEditor(STORED);
    await userEvent.type(title(), ' more');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep editing' }));
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(title().value).toBe('First more');
    expect(onClose).not.toHaveBeenCalled();
  });
});
