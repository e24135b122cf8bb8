import { Link } from 'react-router-dom';
import { cn } from '@agency/ui';
import { isNavLinkActive, useHeaderLinks } from './nav-links';

/** The header's links as list items (desktop bar and mobile menu), the current section's marked. */
export function NavItems({
  pathname,
  className,
  activeClassName,
  idleClassName,
  onNavigate,
}: {
  pathname: string;
  className: string;
  activeClassName: string;
  idleClassName: string;
  onNavigate?: () => void;
}) {
  return useHeaderLinks().map((link) => {
    const active = isNavLinkActive(link.href, pathname);
    return (
      <li key={link.href}>
        <Link
          to={link.href}
          {...(onNavigate ? { onClick: onNavigate } : {})}
          aria-current={active ? 'page' : undefined}
          data-active={active || undefined}
          className={cn(className, active ? activeClassName : idleClassName)}
        >
          {link.label}
        </Link>
      </li>
    );
  });
}
