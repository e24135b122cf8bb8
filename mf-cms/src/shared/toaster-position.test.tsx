import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, useToastPlacement, useToastStore } from '@agency/ui/toast';
import { Toaster } from '@agency/ui/toaster';
import { renderScreen } from '@agency/ui/testing';

function PlacedBottomLeft() {
  useToastPlacement('bottom-left');
  return null;
}

const viewport = () => document.querySelector('ol')!;

/** Issue 25 item 12 and issue 41 defect 12: toasts never sit over what staff or visitors press next. */
describe('toasts', () => {
  it('show on the site at the top of the screen, below the header, never at the bottom', async () => {
    renderScreen(<Toaster />);
    act(() => void toast({ title: 'Saved' }));
    await screen.findByText('Saved');
    // Below the 4rem header (the site's menu button), not over it.
    expect(viewport().className).toContain('top-16');
    expect(viewport().className).not.toMatch(/bottom-0/);
  });

  it('show at the bottom left from 768 px while a screen asks for it (the CMS), and at the top again after', async () => {
    const { unmount } = renderScreen(
      <>
        <Toaster />
        <PlacedBottomLeft />
      </>,
    );
    act(() => void toast({ title: 'Saved' }));
    await screen.findByText('Saved');
    expect(viewport().className.split(' ')).toEqual(
      expect.arrayContaining(['md:bottom-0', 'md:left-0', 'md:right-auto', 'md:top-auto']),
    );
    unmount();
    expect(useToastStore.getState().placement).toBe('top');
  });
});
