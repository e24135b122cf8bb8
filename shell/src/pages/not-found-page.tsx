import { Link } from 'react-router-dom';
import { NotFoundBlock, PAGE_NOT_FOUND } from '@agency/ui';

export function NotFoundPage() {
  return <NotFoundBlock {...PAGE_NOT_FOUND} link={Link} />;
}
