import { useEffect } from 'react';

/**
 * Which open forms hold unsaved changes, so that leaving the CMS (reload, closing the tab, another
 * CMS tab, logout) asks first. Module state: one CMS per page.
 */
const dirtyForms = new Set<symbol>();

export const hasUnsavedChanges = () => dirtyForms.size > 0;

/** Registers the calling form as unsaved while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const key = Symbol('unsaved form');
    dirtyForms.add(key);
    return () => {
      dirtyForms.delete(key);
    };
  }, [dirty]);
}

/** The browser's own "Leave site?" prompt on reload or close while something is unsaved. */
export function useBeforeUnloadGuard() {
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      e.preventDefault();
      e.returnValue = ''; // older Chromium needs it set
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
