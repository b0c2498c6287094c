import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { forumApi, searchApi } from '@mello/contracts';
import { useCurrentUser } from './current-user';

/**
 * Calls whose answer depends on who reads it, by the first part of their key: the administrator is answered hidden
 * forum posts and replies with their text (the forum list, a post, its replies and versions, the forum search), a
 * visitor or member without it. A member's own state (likes, bookmarks, watching) has calls of its own, keyed by the
 * member and asked only once the user is known, so it needs no second asking.
 */
const READER_DEPENDENT = new Set<unknown>([forumApi.list.path, searchApi.forum.path]);

/** Whether this page load has asked them again already (the user is fetched once per page load). */
let asked = false;

/**
 * The signed-in reader's own view of a page showing reader-dependent answers (the forum's pages, the search). The
 * page's data came with the server's HTML, which is the visitor's view (public HTML is the same for everyone:
 * docs/rendering.md), and so did anything fetched before the user was known. Once the user turns out to be the
 * administrator, those answers in the cache are asked again, once per page load (later ones are fetched with the
 * user known); what is on screen stays until the new answer replaces it. Not in the home page's JavaScript.
 */
export function useReaderView(): void {
  const { isAdmin } = useCurrentUser();
  const client = useQueryClient();
  useEffect(() => {
    if (!isAdmin || asked) return;
    asked = true;
    void client.invalidateQueries({ predicate: (query) => READER_DEPENDENT.has(query.queryKey[0]) });
  }, [isAdmin, client]);
}
