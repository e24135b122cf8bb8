import { Link } from 'react-router-dom';
import { notFoundHead } from '@agency/contracts/page-head';
import { NotFoundBlock, PAGE_NOT_FOUND } from '@agency/ui';
import { PageHead } from '@agency/ui/remote-module';

export function NotFoundPage() {
  return (
    <>
      <PageHead head={(site, path) => notFoundHead(site, path)} />
      <NotFoundBlock {...PAGE_NOT_FOUND} link={Link} />
    </>
  );
}
