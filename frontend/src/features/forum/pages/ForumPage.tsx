import { useEffect, useRef, useState } from 'react';
import { Box, Button, Flex, Heading, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router-dom';
import { LuPlus, LuSearch } from 'react-icons/lu';
import { DEFAULT_FORUM_SORT, HUNT_PARAMS, MAX_SEARCH_LENGTH, pageMeta, type ForumCategory, type ForumSort } from '@mello/contracts';
import { NetworkError } from '../../../api/http';
import { goToLogin, useCurrentUser } from '../../../auth/current-user';
import { PageMetaOf } from '../../../components/content/PageMetaOf';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { LoadMore } from '../../../components/LoadMore';
import { PageContainer } from '../../../components/PageContainer';
import { useForumList, usePendingPosts } from '../api';
import { CategoryFilter } from '../components/CategoryFilter';
import { ForumPostCard } from '../components/ForumPostCard';
import { LiveStatus } from '../components/LiveStatus';
import { NewPostDialog } from '../components/NewPostDialog';
import { NewPostsBanner } from '../components/NewPostsBanner';
import { SavedView, SavedViewLink, isSavedView } from '../components/SavedView';
import { SortChoice } from '../components/SortChoice';
import { forumListKey, isCategoryFilter, isForumSort, pendingKey } from '../keys';
import { CREATE_POST_LOGIN_NOTICE, LOGIN_DELAY_MS, noticeThenLogin } from '../login-notice';
import { useDebouncedValue } from '../use-debounced-value';
import type { ForumCategoryFilter } from '../../../live/forum-cache';
import { postsOfPages, showPendingInPages, type ForumPages } from '../../../live/forum-pages';
import { useForumListLive } from '../../../live/use-forum-live';
import { useReaderView } from '../../../auth/reader-dependent';

const SEARCH_DEBOUNCE_MS = 500;

/**
 * Which category the new-post dialog starts in, or null: ?new=lost-media (product decision 6), ?new=1, or
 * ?ny=efterlysning (a hunt for an entry, with ?bidrag={entryId}: "Saknas video? Starta en efterlysning").
 */
function requestedNewPost(params: URLSearchParams): ForumCategory | 'general' | null {
  if (params.get(HUNT_PARAMS.open) === HUNT_PARAMS.openValue) return 'lost-media';
  const value = params.get('new');
  if (value === null) return null;
  return isCategoryFilter(value) && value !== 'all' ? value : 'general';
}
/** The parameters that open the dialog: removed again when it closes. */
const DIALOG_PARAMS = ['new', HUNT_PARAMS.open, HUNT_PARAMS.entry];

/**
 * /forum and /lost-media (spec section 2, Forum list): search (debounced), category filter, order, the new-post
 * dialog, and the cards, page by page (infinite scroll, 'Visa fler'). Search text, category and order live in the
 * address, so a view can be shared. Live: counts and edits update in place; new posts by others wait behind the
 * "N nya inlägg" banner.
 */
export default function ForumPage() {
  // The server's HTML is the visitor's view: the administrator's own is asked for once they are known.
  useReaderView();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const categoryParam = params.get('category');
  const category: ForumCategoryFilter = isCategoryFilter(categoryParam) ? categoryParam : 'all';
  const sortParam = params.get('sort');
  const sort: ForumSort = isForumSort(sortParam) ? sortParam : DEFAULT_FORUM_SORT;
  const [text, setText] = useState(() => params.get('q') ?? '');
  // Text typed before the page was interactive is in the field, not in the state the server's HTML was made with.
  const searchField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = searchField.current?.value;
    if (typed !== undefined && typed !== text) setText(typed);
  }, []);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const filter = { q, category, sort };

  const { data, isPending, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, error, refetch } = useForumList(filter);
  const pending = usePendingPosts(filter);
  const client = useQueryClient();
  useForumListLive();
  const { user, isLoading: userLoading } = useCurrentUser();

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // The settled search text goes into the address (whitespace only is no search)…
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParam('q', q);
  }, [q]);
  // …and an address changed from outside (the Forum link, back and forward) comes back into the box.
  const addressQ = params.get('q') ?? '';
  useEffect(() => {
    if (addressQ !== q) setText(addressQ);
  }, [addressQ]);

  // Product decision 6: /forum?new=lost-media opens the dialog in that category; logged out, a notice then login
  // (and back to the same address, the hunt's entry included).
  const newPost = requestedNewPost(params);
  const huntEntryId = newPost === null ? null : params.get(HUNT_PARAMS.entry);
  const returnTo = `${location.pathname}${location.search}`;
  const [dialogOpen, setDialogOpen] = useState(false);
  useEffect(() => {
    if (newPost === null || userLoading) return;
    if (user) {
      setDialogOpen(true);
      return;
    }
    return noticeThenLogin(CREATE_POST_LOGIN_NOTICE, LOGIN_DELAY_MS.createPost, returnTo);
  }, [newPost, user, userLoading]);

  const changeDialog = (open: boolean) => {
    setDialogOpen(open);
    if (open || !DIALOG_PARAMS.some((name) => params.has(name))) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of DIALOG_PARAMS) next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const posts = postsOfPages(data);
  const showNewPosts = () => {
    if (data) client.setQueryData<ForumPages>(forumListKey(filter), showPendingInPages(data, pending, filter));
    client.setQueryData(pendingKey(filter), []);
  };

  // The member's saved items (issue 19) are a view of the forum page: /forum?visa=sparade.
  if (isSavedView(params)) return <SavedView />;
  return (
    <PageContainer>
      <PageMetaOf meta={pageMeta.forum()} />
      <Flex justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="6" direction={{ base: 'column', md: 'row' }} mb="8">
        <Stack gap="3" maxW="3xl">
          <Flex align="center" gap="3">
            <Text textTransform="uppercase" letterSpacing="widest" fontSize="xs" fontWeight="bold" color="gold.fg">
              Forum
            </Text>
            <LiveStatus />
          </Flex>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            Lost Media Forum
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            Hjälp till att hitta försvunna sändningar, klipp och inspelningar från Melodifestivalen. Dela tips, fynd och frågor med andra fans.
          </Text>
        </Stack>
        {!userLoading &&
          (user ? (
            <Button size="lg" colorPalette="brand" onClick={() => changeDialog(true)} flexShrink={0}>
              <LuPlus aria-hidden />
              Skapa inlägg
            </Button>
          ) : (
            <Button size="lg" variant="outline" colorPalette="gold" onClick={() => goToLogin()} flexShrink={0}>
              Logga in för att skapa inlägg
            </Button>
          ))}
      </Flex>

      <Stack gap="4" mb="6">
        {/* Without JavaScript the browser submits the text with the category and order shown. */}
        <form role="search" aria-label="Sök i forumet" onSubmit={(event) => event.preventDefault()}>
          {category !== 'all' && <input type="hidden" name="category" value={category} />}
          {sort !== DEFAULT_FORUM_SORT && <input type="hidden" name="sort" value={sort} />}
          <InputGroup startElement={<LuSearch aria-hidden />}>
            <Input
              ref={searchField}
              type="search"
              name="q"
              aria-label="Sök i forumet"
              placeholder="Sök bland inlägg, t.ex. VHS, 1962 eller ABBA"
              value={text}
              onChange={(event) => setText(event.target.value)}
              size="lg"
              bg="bg.panel"
              maxLength={MAX_SEARCH_LENGTH}
            />
          </InputGroup>
        </form>
        <CategoryFilter value={category} onChange={(next) => setParam('category', next === 'all' ? null : next)} />
        <SortChoice value={sort} onChange={(next) => setParam('sort', next === DEFAULT_FORUM_SORT ? null : next)} />
        {user && <SavedViewLink />}
      </Stack>

      {isPending ? (
        <LoadingText>Laddar inlägg...</LoadingText>
      ) : error instanceof NetworkError ? (
        <ServerUnreachable onRetry={() => void refetch()} />
      ) : (
        <Box as="section" aria-label="Inlägg" aria-busy={isFetching}>
          <Text color="fg.muted" mb="4" aria-live="polite">
            {hasNextPage ? `Visar de ${posts.length} första inläggen` : `${posts.length} inlägg hittades`}
          </Text>
          <NewPostsBanner count={pending.length} onShow={showNewPosts} />
          {posts.length === 0 ? (
            <EmptyState title="Inga inlägg hittades" description={q || category !== 'all' ? 'Prova en annan sökning eller kategori.' : undefined} />
          ) : (
            <Stack as="ul" listStyleType="none" gap="4">
              {posts.map((post) => (
                <li key={post.id}>
                  <ForumPostCard post={post} />
                </li>
              ))}
            </Stack>
          )}
          <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={() => void fetchNextPage()} />
        </Box>
      )}

      <NewPostDialog open={dialogOpen} onOpenChange={changeDialog} category={newPost === 'general' ? null : newPost} entryId={huntEntryId} />
    </PageContainer>
  );
}
