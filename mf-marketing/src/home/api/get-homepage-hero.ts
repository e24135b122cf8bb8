import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  HOMEPAGE_HERO_IDENTIFIER,
  contentBlockSchema,
  type ContentBlock,
} from '@agency/contracts';
import { getJson } from '@agency/ui';

export async function getHomepageHero(): Promise<ContentBlock> {
  return contentBlockSchema.parse(await getJson(ApiRoutes.contentBlock(HOMEPAGE_HERO_IDENTIFIER)));
}

export const homepageHeroQueryOptions = () =>
  queryOptions({
    queryKey: ['content-blocks', HOMEPAGE_HERO_IDENTIFIER],
    queryFn: getHomepageHero,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useHomepageHero = () => useQuery(homepageHeroQueryOptions());
