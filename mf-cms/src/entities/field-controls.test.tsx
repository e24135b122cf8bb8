import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { AdminRoutes } from '@agency/contracts';
import { IMAGE_ACCEPT } from '../media/media-picker';
import { EntityDialog } from './entity-dialog';
import {
  blogConfig,
  caseStudyConfig,
  resourceConfig,
  serviceConfig,
  testimonialConfig,
  type FieldDef,
} from './entity-configs';

const CONFIGS = [serviceConfig, blogConfig, caseStudyConfig, testimonialConfig, resourceConfig];

/** The text input of an address field and the row it sits in, with an Upload file input beside it. */
function uploadRow(dialog: HTMLElement, field: FieldDef): HTMLElement {
  const input = within(dialog).getByLabelText(field.label, { exact: true });
  expect(input.tagName).toBe('INPUT');
  expect(input.getAttribute('type')).not.toBe('file');
  const row = input.parentElement!;
  expect(row.querySelector('input[type="file"]')).not.toBeNull();
  within(row).getByText('Upload');
  // The address and its buttons take the form's full width, not half a column (issue 41, defect 11).
  expect(row.closest('.sm\\:col-span-2')).not.toBeNull();
  return row;
}

/** What a person finds for each kind of field: the control its kind maps to, under the field's label. */
const expected: Record<FieldDef['kind'], (dialog: HTMLElement, field: FieldDef) => void> = {
  text: (d, f) => expect(within(d).getByLabelText(f.label, { exact: true }).tagName).toBe('INPUT'),
  textarea: (d, f) => expect(within(d).getByLabelText(f.label, { exact: true }).tagName).toBe('TEXTAREA'),
  lines: (d, f) => expect(within(d).getByLabelText(f.label, { exact: true }).tagName).toBe('TEXTAREA'),
  results: (d, f) => expect(within(d).getByLabelText(f.label, { exact: true }).tagName).toBe('TEXTAREA'),
  number: (d, f) =>
    expect(within(d).getByLabelText(f.label, { exact: true }).getAttribute('type')).toBe('number'),
  datetime: (d, f) =>
    expect(within(d).getByLabelText(f.label, { exact: true }).getAttribute('type')).toBe('datetime-local'),
  select: (d, f) =>
    // The body's format is shown, not chosen.
    f.name === 'contentFormat'
      ? void within(d).getByText('Markdown')
      : expect(within(d).getByLabelText(f.label, { exact: true }).tagName).toBe('SELECT'),
  // An address field with an upload beside it; an image also has the Library picker and takes images only.
  'image-url': (d, f) => {
    const row = uploadRow(d, f);
    within(row).getByRole('button', { name: 'Library' });
    expect(row.querySelector('input[type="file"]')!.getAttribute('accept')).toBe(IMAGE_ACCEPT);
  },
  'file-url': (d, f) => {
    const row = uploadRow(d, f);
    expect(within(row).queryByRole('button', { name: 'Library' })).toBeNull();
    expect(row.querySelector('input[type="file"]')!.getAttribute('accept')).toContain('.pdf');
  },
  markdown: (d, f) => expect(within(d).getByLabelText(f.label, { exact: true }).tagName).toBe('TEXTAREA'),
  // A getBy query throws when nothing matches: finding it is the check.
  switch: (d, f) => void within(d).getByRole('switch', { name: f.label }),
  list: (d, f) => void within(d).getByRole('group', { name: new RegExp(f.label.replace(/[()]/g, '.')) }),
};

describe.each(CONFIGS.map((c) => [c.singular, c] as const))('the %s editor', (_name, config) => {
  it('edits every field with the control of its kind', async () => {
    fakeApi({ [AdminRoutes.media]: ok([]) });
    renderScreen(
      <TooltipProvider>
        <EntityDialog config={config} row={null} onClose={() => {}} />
      </TooltipProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: `New ${config.singular}` });
    for (const field of config.fields) expected[field.kind](dialog, field);
  });
});
