import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, renderScreen } from '@agency/ui/testing';
import { EntityDialog } from '../entities/entity-dialog';
import {
  blogConfig,
  caseStudyConfig,
  resourceConfig,
  serviceConfig,
  testimonialConfig,
} from '../entities/entity-configs';

/**
 * Issue 25 item 8: at 390 px the History button was cut off and 'Save Case Study' wrapped to three
 * lines. The action row now wraps as a row (its buttons never squeeze), each label stays on one line.
 * jsdom lays nothing out, so this checks the rules that do it; the e2e measures them at 390 px.
 */
const stored = { id: 3, updatedAt: '2026-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z' };

describe.each([
  ['Case Study', caseStudyConfig],
  ['Blog Post', blogConfig],
  ['Service', serviceConfig],
  ['Testimonial', testimonialConfig],
  ['Resource', resourceConfig],
])('the %s edit dialog at 390 px', (singular, config) => {
  it('has History and Save in an action row that wraps, with one-line labels', async () => {
    fakeApi({});
    renderScreen(
      <TooltipProvider>
        <EntityDialog config={config} row={{ ...config.empty, ...stored }} onClose={() => {}} />
        <Toaster />
      </TooltipProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    const actions = within(dialog).getByTestId('dialog-actions');
    expect(actions.className).toContain('flex-wrap');
    expect(actions.className).toContain('[&_button]:whitespace-nowrap');
    expect(within(actions).getByRole('button', { name: 'History' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: `Save ${singular}` })).toBeTruthy();
  });
});
