import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  HOMEPAGE_HERO_IDENTIFIER,
  contentBlockSchema,
  type ContentBlock,
} from '@agency/contracts';
import { getJson } from '@agency/ui';

/**
 * Only the field the hero shows is required: a block without createdAt, name or any other field the
 * page does not read still shows its content (resolveHero then checks each content field on its own).
 */
const heroBlockSchema = contentBlockSchema.pick({ content: true });

export async function getHomepageHero(): Promise<Pick<ContentBlock, 'content'>> {
  return heroBlockSchema.parse(await getJson(ApiRoutes.contentBlock(HOMEPAGE_HERO_IDENTIFIER)));
}

export const homepageHeroQueryOptions = () =>
  queryOptions({
    queryKey: ['content-blocks', HOMEPAGE_HERO_IDENTIFIER],
    queryFn: getHomepageHero,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useHomepageHero = () => useQuery(homepageHeroQueryOptions());
