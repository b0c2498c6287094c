/** What other parts of the client use of the articles: a card (home's featured articles, search hits), the list's query keys. */
export { ArticleCard } from './components/ArticleCard';
export { articlePagesKeys } from './use-article-pages';
