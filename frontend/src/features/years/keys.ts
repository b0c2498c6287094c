import { yearPagesApi } from '@mello/contracts';
import { routeKeyPrefix } from '../../api/call';

/**
 * Every page of the /years list view (not in archiveKeys: the home page's code carries no paging), in a module of
 * its own: admin, which invalidates it, loads neither the list's hooks nor its screens.
 */
export const yearPagesKey = routeKeyPrefix(yearPagesApi.page);
