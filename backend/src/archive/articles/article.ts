import { DOCUMENT_EVENTS, slugify, type ArticleCreateInputSchema, type ArticleFields } from '@mello/contracts';
import type { z } from 'zod';
import { ValidationError } from '../../shared/errors';
import { createDocumentDecider } from '../document-decider';

export const ARTICLE_NOT_FOUND = 'Artikel hittades inte';

export const articleStream = (id: string) => `article-${id}`;

export const articleDecider = createDocumentDecider<ArticleFields>({
  names: DOCUMENT_EVENTS.article,
  notFoundMessage: ARTICLE_NOT_FOUND,
  alreadyExistsMessage: 'Artikeln finns redan',
});

export const articleSlugKey = (fields: Pick<ArticleFields, 'slug'>) => `article-slug-${fields.slug}`;
export const articleSlugTakenMessage = (fields: Pick<ArticleFields, 'slug'>) => `Adressen "${fields.slug}" används redan av en annan artikel`;

/** The create form's derivation (spec section 5), held on the server too: no slug given → from the title. */
export function withSlug(input: z.output<typeof ArticleCreateInputSchema>): ArticleFields {
  const slug = input.slug || slugify(input.title);
  if (!slug) {
    throw new ValidationError('Ogiltiga uppgifter – slug: Titeln måste innehålla minst en bokstav eller siffra', [
      { path: 'slug', message: 'Titeln måste innehålla minst en bokstav eller siffra' },
    ]);
  }
  return { ...input, slug };
}
