import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { AdminRoutes } from '@agency/contracts';
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
      ? expect(within(d).getByText('Markdown')).toBeTruthy()
      : expect(within(d).getByLabelText(f.label, { exact: true }).tagName).toBe('SELECT'),
  'image-url': (d, f) => expect(within(d).getByLabelText(f.label, { exact: true })).toBeTruthy(),
  'file-url': (d, f) => expect(within(d).getByLabelText(f.label, { exact: true })).toBeTruthy(),
  markdown: (d, f) => expect(within(d).getByLabelText(f.label, { exact: true }).tagName).toBe('TEXTAREA'),
  switch: (d, f) => expect(within(d).getByRole('switch', { name: f.label })).toBeTruthy(),
  list: (d, f) =>
    expect(within(d).getByRole('group', { name: new RegExp(f.label.replace(/[()]/g, '.')) })).toBeTruthy(),
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
