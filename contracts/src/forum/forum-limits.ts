/**
 * The forum's length limits, apart from the schemas that use them (forum.ts): a screen that needs only a limit (an
 * entry's hunt title on the home page's videos, entry-links.ts) then loads none of the forum's schemas.
 */
export const FORUM_TITLE_MIN = 5;
export const FORUM_CONTENT_MIN = 10;
export const FORUM_TITLE_MAX = 200;
export const FORUM_CONTENT_MAX = 20_000;
export const FORUM_REPLY_MAX = 10_000;
export const FORUM_TAG_MAX = 40;
export const FORUM_TAGS_MAX = 20;
/** GET /api/search/forum's limit: at most, and when not given (as the search page asks). */
export const FORUM_SEARCH_LIMIT = 200;
export const FORUM_SEARCH_DEFAULT_LIMIT = 50;
