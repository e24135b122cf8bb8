import { Bot, Palette, Search, ShoppingBag, Target, TrendingUp, type LucideIcon } from 'lucide-react';
import {
  DEFAULT_SERVICE_ICON,
  DEFAULT_SERVICE_VISUAL,
  SERVICE_VISUALS,
  type ServiceIcon,
  type ServiceVisual,
} from '@agency/contracts/content-values';
import { cn } from '@agency/ui';

const ICONS: Record<ServiceIcon, LucideIcon> = {
  search: Search,
  target: Target,
  trending: TrendingUp,
  bot: Bot,
  shopping: ShoppingBag,
  palette: Palette,
};

/** The gradient class (styles.css) of a service's visual; an unknown name shows the default. */
export const visualClass = (visual: string | undefined) =>
  `visual-${(SERVICE_VISUALS as readonly (string | undefined)[]).includes(visual) ? (visual as ServiceVisual) : DEFAULT_SERVICE_VISUAL}`;

export function ServiceGlyph({ icon, className }: { icon: ServiceIcon | undefined; className?: string }) {
  const Icon = ICONS[icon ?? DEFAULT_SERVICE_ICON] ?? ICONS[DEFAULT_SERVICE_ICON];
  return <Icon className={className} aria-hidden="true" />;
}

/** The service's icon on its colour gradient; decorative, the title next to it names the service. */
export function ServiceBadgeIcon({
  icon,
  visual,
  className,
}: {
  icon: ServiceIcon | undefined;
  visual: ServiceVisual | undefined;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl text-white shadow-sm',
        visualClass(visual),
        className,
      )}
    >
      <ServiceGlyph icon={icon} className="h-6 w-6" />
    </span>
  );
}
