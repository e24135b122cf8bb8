import '../styles.css';
import { TooltipProvider } from '@agency/ui/tooltip';
import { CmsRoot } from '../app/cms-root';

export default function CmsApp() {
  return (
    <TooltipProvider>
      <CmsRoot />
    </TooltipProvider>
  );
}
