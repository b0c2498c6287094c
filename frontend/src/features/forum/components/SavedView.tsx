import { Badge, Box, Button, Card, Heading, Link, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuArrowLeft, LuBookmark } from 'react-icons/lu';
import type { Bookmark } from '@mello/contracts';
import { useNow } from '../../../app/now';
import { goToLogin, useCurrentUser } from '../../../auth/current-user';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';
import { linkCardStyle } from '../../../components/content/link-card';
import { relativeTime } from '../../../lib/relative-time';
import { useBookmarks } from '../bookmarks-api';

/** The forum's "Sparade" view lives at /forum?visa=sparade (the forum page shows it instead of the list). */
export const SAVED_VIEW_PARAM = { name: 'visa', value: 'sparade' } as const;
export const SAVED_VIEW_PATH = `/forum?${SAVED_VIEW_PARAM.name}=${SAVED_VIEW_PARAM.value}`;
export const isSavedView = (params: URLSearchParams) => params.get(SAVED_VIEW_PARAM.name) === SAVED_VIEW_PARAM.value;

/** The forum list's link to the member's saved items. */
export function SavedViewLink() {
  return (
    <Button asChild variant="outline" size="sm" alignSelf="flex-start">
      <RouterLink to={SAVED_VIEW_PATH}>
        <LuBookmark aria-hidden />
        Sparade
      </RouterLink>
    </Button>
  );
}

/** "Sparade": the signed-in member's saved posts and replies, newest first (private: only they can read them). */
export function SavedView() {
  const { user, isLoading } = useCurrentUser();
  const bookmarks = useBookmarks(user !== null);
  const items = bookmarks.data ?? [];
  return (
    <PageContainer maxW="4xl">
      <Link asChild color="fg.muted" fontSize="sm" mb="6" _hover={{ color: 'brand.fg' }}>
        <RouterLink to="/forum">
          <LuArrowLeft aria-hidden />
          Alla inlägg
        </RouterLink>
      </Link>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="6">
        Sparade
      </Heading>
      {isLoading || (user && bookmarks.isPending) ? (
        <LoadingText>Laddar sparade...</LoadingText>
      ) : !user ? (
        <EmptyState title="Logga in för att se dina sparade inlägg" description="Spara inlägg och svar med Spara-knappen för att hitta dem här.">
          <Button colorPalette="brand" onClick={() => goToLogin()}>
            Logga in
          </Button>
        </EmptyState>
      ) : bookmarks.isError ? (
        <EmptyState title="Kunde inte hämta dina sparade" description="Försök igen om en stund." />
      ) : items.length === 0 ? (
        <EmptyState title="Inget sparat än" description="Spara inlägg och svar med Spara-knappen för att hitta dem här." />
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Sparade inlägg och svar">
          {items.map((bookmark) => (
            <li key={`${bookmark.targetType}-${bookmark.targetId}`}>
              <SavedItem bookmark={bookmark} />
            </li>
          ))}
        </Stack>
      )}
    </PageContainer>
  );
}

function SavedItem({ bookmark }: { bookmark: Bookmark }) {
  const now = useNow();
  return (
    <LinkBox asChild>
      <Card.Root {...linkCardStyle('1px')} data-testid="saved-item">
        <Card.Body gap="2" p="4">
          <Text fontSize="sm" color="fg.muted">
            <Badge size="sm" mr="2" colorPalette={bookmark.targetType === 'post' ? 'brand' : 'gray'}>
              {bookmark.targetType === 'post' ? 'Inlägg' : 'Svar'}
            </Badge>
            {bookmark.authorName} · sparat {relativeTime(bookmark.savedAt, now)}
          </Text>
          <Heading as="h2" size="md">
            <LinkOverlay asChild>
              <RouterLink to={`/forum/post/${encodeURIComponent(bookmark.postId)}`}>
                {bookmark.targetType === 'reply' ? `Svar i: ${bookmark.postTitle}` : bookmark.postTitle}
              </RouterLink>
            </LinkOverlay>
          </Heading>
          <Box color="fg.muted" lineClamp={2}>
            {bookmark.excerpt}
          </Box>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
