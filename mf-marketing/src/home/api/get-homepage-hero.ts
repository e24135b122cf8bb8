import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOMEPAGE_HERO_IDENTIFIER } from '@agency/contracts/content-values';
import { ApiRoutes } from '@agency/contracts/routes';
import { getJson, loadReaders, readAnswer } from '@agency/ui';

/** The hero's content block, read for what the hero shows: its content, field by field (a block
 * without createdAt, or any other field the hero does not use, still shows its content). */
export async function getHomepageHero() {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.contentBlock(HOMEPAGE_HERO_IDENTIFIER));
  return readAnswer((await readers).heroBlockReader, body, 'hero block');
}

export const homepageHeroQueryOptions = () =>
  queryOptions({
    queryKey: ['content-blocks', HOMEPAGE_HERO_IDENTIFIER],
    queryFn: getHomepageHero,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useHomepageHero = () => useQuery(homepageHeroQueryOptions());
