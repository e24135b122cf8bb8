/**
 * The icons of the start-up path (the header's menu, every close button), drawn inline with lucide's
 * paths. Through lucide-react the shell's first scripts carried its icon runtime (~1.4 KB compressed)
 * for these shapes alone; pages' own icons still come from lucide-react.
 */
function StrokeIcon({ paths, className }: { paths: string[]; className: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** lucide `menu`. */
export const MenuIcon = ({ className }: { className: string }) => (
  <StrokeIcon paths={['M4 5h16', 'M4 12h16', 'M4 19h16']} className={className} />
);
/** lucide `x`. */
export const CloseIcon = ({ className }: { className: string }) => (
  <StrokeIcon paths={['M18 6 6 18', 'm6 6 12 12']} className={className} />
);
