import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Link } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { LuArrowLeft } from 'react-icons/lu';
import { pageMeta, type ForumPost } from '@mello/contracts';
import { NetworkError, errorMessage } from '../../../api/http';
import { useCurrentUser } from '../../../auth/current-user';
import { PageMetaOf } from '../../../components/content/PageMetaOf';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';
import { showToast } from '../../../components/toaster';
import { useDeletePost, useForumPost, useForumReplies, useLikePost, useMyLikes, useUpdatePost } from '../api';
import { ConfirmDialog } from '../../../components/content/ConfirmDialog';
import { useMyBookmarks } from '../bookmarks-api';
import { BookmarkButton } from '../components/BookmarkButton';
import { FlagButton } from '../components/FlagButton';
import { LikeButton } from '../components/LikeButton';
import { OwnerMenu } from '../components/OwnerMenu';
import { PostEditForm } from '../components/PostEditForm';
import { PostView } from '../components/PostView';
import { PresenceLine } from '../components/PresenceLine';
import { RepliesSection } from '../components/RepliesSection';
import { useForumPostLive } from '../../../live/use-forum-live';
import { WatchButton } from '../../notifications';
import { useReaderView } from '../../../auth/reader-dependent';

const BackLink = () => (
  <Link asChild color="fg.muted" fontSize="sm" mb="6" _hover={{ color: 'brand.fg' }}>
    <RouterLink to="/forum">
      <LuArrowLeft aria-hidden />
      Tillbaka till forumet
    </RouterLink>
  </Link>
);

/**
 * /forum/post/{id} (spec section 2, Forum post detail): the post, its owner menu and edit mode, likes, the replies
 * and the reply form. Live: replies, likes, edits and deletion appear without reloading, and who reads or types.
 */
export default function ForumPostPage() {
  // The server's HTML is the visitor's view: the administrator's own is asked for once they are known.
  useReaderView();
  // Lower case, as the server names the post (its answers, its live messages and the cache keys they update).
  const id = (useParams().id ?? '').toLowerCase();
  const { data: post, isPending, error, refetch } = useForumPost(id);
  const replies = useForumReplies(id, Boolean(post));
  const { presence } = useForumPostLive(id);
  const { user, isAdmin } = useCurrentUser();
  const likedIds = useMyLikes(id, user?.id ?? null);
  const deletePost = useDeletePost(id);

  if (isPending) {
    return (
      <PageContainer>
        <LoadingText>Laddar inlägg...</LoadingText>
      </PageContainer>
    );
  }
  if (error instanceof NetworkError) {
    return (
      <PageContainer>
        <ServerUnreachable onRetry={() => void refetch()} />
      </PageContainer>
    );
  }
  if (!post && (deletePost.isPending || deletePost.isSuccess)) {
    // Our own delete: its live echo may empty the post before the call answers; we are leaving for /forum anyway.
    return (
      <PageContainer>
        <LoadingText>Raderar...</LoadingText>
      </PageContainer>
    );
  }
  if (!post) {
    return (
      <PageContainer>
        <PageMetaOf meta={pageMeta.forumPost(id, null)} />
        <EmptyState
          as="h1"
          title={error ? 'Kunde inte hämta inlägget' : 'Inlägg hittades inte'}
          description={error ? error.message : 'Inlägget finns inte eller har raderats.'}
        >
          <Button asChild colorPalette="brand">
            <RouterLink to="/forum">
              <LuArrowLeft aria-hidden />
              Tillbaka till forumet
            </RouterLink>
          </Button>
        </EmptyState>
      </PageContainer>
    );
  }

  const userId = user?.id ?? null;
  return (
    <PageContainer maxW="4xl">
      <PageMetaOf meta={pageMeta.forumPost(id, post)} />
      <BackLink />
      <Box as="article" aria-labelledby="post-title">
        <PostBody post={post} userId={userId} canManage={isAdmin || post.authorId === userId} liked={likedIds.has(post.id)} deletePost={deletePost} />
      </Box>
      <Box mt="4">
        <PresenceLine presence={presence} myName={user?.publicName ?? null} />
      </Box>
      <RepliesSection postId={id} replies={replies.data} failed={replies.isError} likedIds={likedIds} userId={userId} isAdmin={isAdmin} />
    </PageContainer>
  );
}

/** A delete refused with 412: the post was changed by someone else since this page read it. */
const POST_CHANGED_BEFORE_DELETE = 'Inlägget har ändrats sedan du öppnade det och har inte raderats. Läs den nya versionen nedan och radera igen om du vill.';

type BodyProps = { post: ForumPost; userId: string | null; canManage: boolean; liked: boolean; deletePost: ReturnType<typeof useDeletePost> };

/** View mode or edit mode, with the like button, the owner menu and the delete confirmation. */
function PostBody({ post, userId, canManage, liked, deletePost }: BodyProps) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const like = useLikePost(post.id, userId);
  const update = useUpdatePost(post.id);
  const savedIds = useMyBookmarks(post.id, userId);

  const [deleteRefused, setDeleteRefused] = useState(false);
  // Leaving edit mode (saved or Avbryt) puts focus back on the menu it was chosen from, not on the page's start.
  const menuRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) wasEditing.current = true;
    else if (wasEditing.current) {
      wasEditing.current = false;
      menuRef.current?.focus();
    }
  }, [editing]);

  if (editing) return <PostEditForm postId={post.id} onDone={() => setEditing(false)} />;

  const toggleSolved = () => {
    const status = post.status === 'solved' ? 'active' : 'solved';
    update.mutate(
      { status },
      {
        onSuccess: () =>
          showToast({
            title: 'Inlägg uppdaterat!',
            description: status === 'solved' ? 'Inlägget är markerat som löst.' : 'Inlägget är markerat som aktivt igen.',
            type: 'success',
          }),
        onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, 'Failed to update post'), type: 'error' }),
      },
    );
  };

  const confirmDelete = () =>
    deletePost.mutate(undefined, {
      onSuccess: (outcome) => {
        setConfirming(false);
        // Changed by someone else since this page read it: not deleted; the post shown is now the newer version.
        setDeleteRefused(outcome === 'stale');
        if (outcome === 'stale') return;
        showToast({ title: 'Inlägg raderat!', description: 'Inlägget och dess svar har raderats.', type: 'success' });
        navigate('/forum');
      },
      onError: (error) => {
        setConfirming(false);
        showToast({ title: 'Fel', description: errorMessage(error, 'Failed to delete post'), type: 'error' });
      },
    });

  return (
    <>
      {deleteRefused && (
        <Alert.Root status="warning" role="alert" mb="6">
          <Alert.Indicator />
          <Alert.Title>{POST_CHANGED_BEFORE_DELETE}</Alert.Title>
        </Alert.Root>
      )}
      <PostView
        post={post}
        actions={
          <>
            <LikeButton
              target="inlägg"
              likes={post.likes}
              authorId={post.authorId}
              liked={liked}
              pending={like.isPending}
              like={(callbacks) => like.mutate(undefined, callbacks)}
              fallbackError="Failed to like post"
            />
            {userId && <WatchButton postId={post.id} />}
            {userId && <BookmarkButton postId={post.id} userId={userId} targetType="post" targetId={post.id} saved={savedIds.has(post.id)} />}
            <FlagButton targetType="post" targetId={post.id} authorId={post.authorId} />
            {canManage && (
              <OwnerMenu
                triggerRef={menuRef}
                post={post}
                busy={update.isPending}
                onEdit={() => setEditing(true)}
                onToggleSolved={toggleSolved}
                onDelete={() => setConfirming(true)}
              />
            )}
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Radera inlägg?"
        description={`Inlägget ”${post.title}” och alla dess svar raderas permanent. Detta går inte att ångra.`}
        confirmName={`Radera inlägget ”${post.title}”`}
        pending={deletePost.isPending}
        onConfirm={confirmDelete}
        finalFocusEl={() => menuRef.current}
      />
    </>
  );
}
