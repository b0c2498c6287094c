import { ARTICLE_CATEGORIES, slugify, type Article, type ArticleCategory, type ArticleCreateInput } from '@mello/contracts';
import { fromDateTimeLocal, joinLines, splitLines, toDateTimeLocal, urlOrNull, wholeNumberOr0 } from './form-values';

/** What the article form's inputs hold (publishedAt as a datetime-local value, sources one per line). */
export type ArticleFormValues = {
  title: string;
  /** Only edited on the edit page; the create form shows the slug derived from the title. */
  slug: string;
  excerpt: string;
  content: string;
  category: ArticleCategory;
  author: string;
  authorTitle: string;
  publishedAt: string;
  readTime: string;
  imageUrl: string;
  sources: string;
  featured: boolean;
};

/** Spec section 5 create defaults: author 'Admin', readTime 5, publishedAt now, featured false. */
export function newArticleValues(now = new Date()): ArticleFormValues {
  return {
    title: '',
    slug: '',
    excerpt: '',
    content: '',
    category: 'analysis',
    author: 'Admin',
    authorTitle: '',
    publishedAt: toDateTimeLocal(now),
    readTime: '5',
    imageUrl: '',
    sources: '',
    featured: false,
  };
}

const isCategory = (value: string): value is ArticleCategory => (ARTICLE_CATEGORIES as readonly string[]).includes(value);

/** An existing article loaded into the edit form; spec section 5: the edit form's default category is analysis. */
export function articleValuesOf(article: Article): ArticleFormValues {
  return {
    title: article.title,
    slug: article.slug,
    excerpt: article.excerpt,
    content: article.content,
    category: isCategory(article.category) ? article.category : 'analysis',
    author: article.author,
    authorTitle: article.authorTitle,
    publishedAt: toDateTimeLocal(article.publishedAt),
    readTime: String(article.readTime),
    imageUrl: article.imageUrl ?? '',
    sources: joinLines(article.sources),
    featured: article.featured,
  };
}

/** Spec section 5: the slug a new article gets, derived from its title (shown under the title while typing). */
export const derivedSlug = (values: Pick<ArticleFormValues, 'title'>) => slugify(values.title);

/**
 * The body of POST /api/articles ('create': the slug derived from the title) and PUT /api/articles/{id}
 * ('edit': the slug as edited). readTime is a whole number, else 0.
 */
export function articlePayload(values: ArticleFormValues, mode: 'create' | 'edit'): ArticleCreateInput {
  return {
    title: values.title.trim(),
    slug: mode === 'create' ? derivedSlug(values) : values.slug.trim(),
    excerpt: values.excerpt.trim(),
    content: values.content,
    category: values.category,
    author: values.author.trim(),
    authorTitle: values.authorTitle.trim(),
    publishedAt: fromDateTimeLocal(values.publishedAt),
    readTime: wholeNumberOr0(values.readTime),
    imageUrl: urlOrNull(values.imageUrl),
    sources: splitLines(values.sources),
    featured: values.featured,
  };
}
