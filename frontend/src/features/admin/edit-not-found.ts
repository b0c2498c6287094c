import type { DocumentKind } from './document-api';

/**
 * An edit page's not-found view (spec: 'Artikel hittades inte', 'År hittades inte', 'Video hittades inte') and the
 * admin panel's tab to go back to. The sentence takes each word's gender: 'ett år' is 'det', 'en video' 'den'.
 */
const NOT_FOUND: Record<DocumentKind, { title: string; description: string; backTo: string }> = {
  year: { title: 'År hittades inte', description: 'Det kan ha raderats, eller så är länken fel.', backTo: '/admin?tab=ar' },
  video: { title: 'Video hittades inte', description: 'Den kan ha raderats, eller så är länken fel.', backTo: '/admin' },
  article: { title: 'Artikel hittades inte', description: 'Den kan ha raderats, eller så är länken fel.', backTo: '/admin?tab=artiklar' },
};

export const editNotFoundTexts = (kind: DocumentKind) => NOT_FOUND[kind];
