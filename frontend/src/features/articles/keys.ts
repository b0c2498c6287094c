import { articlePagesApi } from '@mello/contracts';
import { routeKeyPrefix } from '../../api/call';

/**
 * Every page of the article list and its featured article (not in archiveKeys: the home page's code carries
 * no paging), in a module of their own: admin, which invalidates them, loads neither the list's hooks nor its screens.
 */
export const articlePagesKeys = [routeKeyPrefix(articlePagesApi.page), routeKeyPrefix(articlePagesApi.featured)] as const;
