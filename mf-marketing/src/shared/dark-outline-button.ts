import { cn } from '@agency/ui';

/** Secondary button on dark or gradient backgrounds (the ui kit's outline variant is for light ones). */
export const darkOutlineButton = (extra?: string) =>
  cn(
    'inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-white/50 px-6 text-base font-semibold text-white transition-colors hover:bg-white/10',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
    extra,
  );
