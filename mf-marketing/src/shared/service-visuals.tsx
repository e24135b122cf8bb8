import { Bot, Palette, Search, ShoppingBag, Target, TrendingUp, type LucideIcon } from 'lucide-react';
import { DEFAULT_SERVICE_GRADIENT, DEFAULT_SERVICE_ICON, type ServiceIcon } from '@agency/contracts';
import { cn } from '@agency/ui';

const ICONS: Record<ServiceIcon, LucideIcon> = {
  search: Search,
  target: Target,
  trending: TrendingUp,
  bot: Bot,
  shopping: ShoppingBag,
  palette: Palette,
};

/** Gradient classes defined in styles.css; any other name from the API falls back to the default. */
const GRADIENTS = new Set([
  'service-seo',
  'service-paid-media',
  'service-data-science',
  'service-ai-automations',
  'service-shopify',
  'service-web-design',
]);

export const gradientClass = (gradient: string | undefined) =>
  gradient && GRADIENTS.has(gradient) ? gradient : DEFAULT_SERVICE_GRADIENT;

export function ServiceGlyph({ icon, className }: { icon: ServiceIcon | undefined; className?: string }) {
  const Icon = ICONS[icon ?? DEFAULT_SERVICE_ICON] ?? ICONS[DEFAULT_SERVICE_ICON];
  return <Icon className={className} aria-hidden="true" />;
}

/** The service's icon on its colour gradient; decorative, the title next to it names the service. */
export function ServiceBadgeIcon({
  icon,
  gradient,
  className,
}: {
  icon: ServiceIcon | undefined;
  gradient: string | undefined;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl text-white shadow-sm',
        gradientClass(gradient),
        className,
      )}
    >
      <ServiceGlyph icon={icon} className="h-6 w-6" />
    </span>
  );
}
