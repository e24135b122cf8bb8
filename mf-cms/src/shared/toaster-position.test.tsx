import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@agency/ui/toast';
import { Toaster } from '@agency/ui/toaster';
import { renderScreen } from '@agency/ui/testing';

/** Issue 25 item 12: toasts no longer sit over the dialogs' Save buttons (bottom right). */
describe('toasts', () => {
  it('show at the top of the screen on every width, below the header, never at the bottom', async () => {
    renderScreen(<Toaster />);
    act(() => void toast({ title: 'Saved' }));
    await screen.findByText('Saved');
    const viewport = document.querySelector('ol')!;
    // Below the 4rem header (the site's menu button, the CMS's Logout), not over it.
    expect(viewport.className).toContain('top-16');
    expect(viewport.className).not.toMatch(/bottom-0/);
  });
});
