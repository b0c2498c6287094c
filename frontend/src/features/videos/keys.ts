import { videoPagesApi } from '@mello/contracts';
import { routeKeyPrefix } from '../../api/call';

/**
 * Every page of the video archive and its featured video (not in archiveKeys: the home page's code carries
 * no paging), in a module of their own: admin, which invalidates them, loads neither the list's hooks nor its screens.
 */
export const videoPagesKeys = [routeKeyPrefix(videoPagesApi.page), routeKeyPrefix(videoPagesApi.featured)] as const;
