import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminRoutes, type MediaItem } from '@agency/contracts';
import { Toaster } from '@agency/ui/toaster';
import { TooltipProvider } from '@agency/ui/tooltip';
import { fakeApi, ok, renderScreen } from '@agency/ui/testing';
import { EntityDialog } from '../entities/entity-dialog';
import { caseStudyConfig, testimonialConfig } from '../entities/entity-configs';

/** Issue 25 item 9: alt text (and a thumbnail) where the image is chosen, beside every image field. */

const CHART: MediaItem = {
  id: 5,
  url: '/uploads/aaaa.png',
  fileName: 'aaaa.png',
  originalName: 'chart.png',
  mimeType: 'image/png',
  size: 2048,
  altText: '',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const stored = { id: 3, updatedAt: '2026-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z' };

describe.each([
  ['case study image', caseStudyConfig],
  ['testimonial photo', testimonialConfig],
])('the %s field', (_what, config) => {
  it('shows the chosen image and saves its alt text in place', async () => {
    const fake = fakeApi({
      [AdminRoutes.media]: ok([CHART]),
      [`PATCH ${AdminRoutes.media}/5`]: (body) => ok({ ...CHART, ...(body as object) }),
    });
    renderScreen(
      <TooltipProvider>
        <EntityDialog
          config={config}
          row={{ ...config.empty, ...stored, imageUrl: CHART.url }}
          onClose={() => {}}
        />
        <Toaster />
      </TooltipProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    const preview = await within(dialog).findByTestId('image-field-preview');
    expect(preview.querySelector('img')?.getAttribute('src')).toBe('/uploads/aaaa.png');
    expect(within(dialog).getByText(/This image has no alt text/)).toBeTruthy();
    const alt = within(preview).getByLabelText('Alt text of chart.png');
    await userEvent.type(alt, 'Traffic chart rising');
    await userEvent.click(within(preview).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alt text saved')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ altText: 'Traffic chart rising' });
  });

  // Issue 41 defect 1: a <form> nested in the editor's form made its Save and Enter submit the editor's
  // form, which in a browser leaves the page. jsdom does not navigate, so the test watches the outer form.
  it('saves the alt text with Save and with Enter without submitting the editor form around it', async () => {
    const fake = fakeApi({
      [AdminRoutes.media]: ok([CHART]),
      [`PATCH ${AdminRoutes.media}/5`]: (body) => ok({ ...CHART, ...(body as object) }),
    });
    renderScreen(
      <TooltipProvider>
        <EntityDialog
          config={config}
          row={{ ...config.empty, ...stored, imageUrl: CHART.url }}
          onClose={() => {}}
        />
        <Toaster />
      </TooltipProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    const preview = await within(dialog).findByTestId('image-field-preview');
    const outer = preview.closest('form')!;
    expect(outer).not.toBeNull();
    expect(outer.querySelector('form')).toBeNull();
    let submitted = 0;
    outer.addEventListener('submit', () => submitted++);

    const alt = within(preview).getByLabelText('Alt text of chart.png');
    await userEvent.type(alt, 'Traffic chart{Enter}');
    expect(await screen.findByText('Alt text saved')).toBeTruthy();
    await userEvent.type(alt, ' rising');
    await userEvent.click(within(preview).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));

    expect(fake.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { altText: 'Traffic chart' },
      { altText: 'Traffic chart rising' },
    ]);
    expect(submitted).toBe(0);
    expect(fake.calls.some((c) => c.method === 'PUT' || c.method === 'POST')).toBe(false);
  });
});
