import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, HOMEPAGE_HERO_IDENTIFIER, heroBlockReaderSchema } from '@agency/contracts';
import { getJson } from '@agency/ui';

/** The hero's content block, read for what the hero shows: its content (a block without createdAt,
 * or any other field the hero does not use, still shows its content). */
export async function getHomepageHero(): Promise<{ content: Record<string, unknown> }> {
  return heroBlockReaderSchema.parse(await getJson(ApiRoutes.contentBlock(HOMEPAGE_HERO_IDENTIFIER)));
}

export const homepageHeroQueryOptions = () =>
  queryOptions({
    queryKey: ['content-blocks', HOMEPAGE_HERO_IDENTIFIER],
    queryFn: getHomepageHero,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useHomepageHero = () => useQuery(homepageHeroQueryOptions());
