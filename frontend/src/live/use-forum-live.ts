import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ForumPresence } from '@mello/contracts';
import { FORUM_LIST_ROOT, forumPostKey } from '../features/forum/keys';
import { applyForumChange, applyListResync, applyPostResync } from './apply-change';
import { onForumChange, onLiveStatus, sendTyping, watchForumList, watchForumPost } from './socket';

/** Each query client gets one listener that folds live changes into its caches, however many screens watch. */
const applying = new WeakSet<QueryClient>();

function useLiveChanges(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (applying.has(client)) return;
    applying.add(client);
    // Kept for the life of the tab: the caches it updates outlive the screens that show them.
    onForumChange((change) => applyForumChange(client, change, { highlight: true }));
  }, [client]);
}

/** The forum list screen: new posts, edits, deletions and counts arrive in the list caches while it is shown. */
export function useForumListLive(): void {
  const client = useQueryClient();
  useLiveChanges();
  useEffect(
    () =>
      watchForumList({
        onResync: (answer) => applyListResync(client, answer),
        resyncOnJoin: client
          .getQueryCache()
          .findAll({ queryKey: [...FORUM_LIST_ROOT] })
          .some((query) => query.state.data !== undefined),
      }),
    [client],
  );
}

/**
 * A post's screen: its changes and replies arrive in its caches, and who else is reading or typing comes back as
 * presence (null until the server has answered).
 */
export function useForumPostLive(postId: string): { presence: ForumPresence | null } {
  const client = useQueryClient();
  const [presence, setPresence] = useState<ForumPresence | null>(null);
  useLiveChanges();
  useEffect(() => {
    setPresence(null);
    return watchForumPost(postId, {
      onPresence: (next) => setPresence(next),
      onResync: (answer) => applyPostResync(client, postId, answer),
      resyncOnJoin: client.getQueryData(forumPostKey(postId)) !== undefined,
    });
  }, [client, postId]);
  return { presence };
}

/** Whether the live connection is up (the screens say so quietly when it is not). */
export function useLiveConnected(): boolean {
  const [connected, setConnected] = useState(true);
  useEffect(() => onLiveStatus(setConnected), []);
  return connected;
}

/** How often "still typing" is repeated while keys are pressed (the server forgets a typist after 8 s). */
const TYPING_REFRESH_MS = 3000;
/** A pause this long without a key press counts as having stopped typing. */
const TYPING_IDLE_MS = 6000;

/**
 * "X skriver ett svar…": tells the server the reader is typing while the reply box has focus and text — at most
 * once every few seconds however fast they type — and that they stopped on blur, on send (the box empties), after
 * a pause, and when the page closes.
 */
export function useTypingSignal(postId: string, focused: boolean, text: string): void {
  const typingSince = useRef(0);
  const idle = useRef<number | undefined>(undefined);

  useEffect(() => {
    const stop = () => {
      window.clearTimeout(idle.current);
      if (typingSince.current === 0) return;
      typingSince.current = 0;
      sendTyping(postId, false);
    };
    if (!focused || text.trim() === '') return stop();
    const now = Date.now();
    if (now - typingSince.current >= TYPING_REFRESH_MS) {
      typingSince.current = now;
      sendTyping(postId, true);
    }
    window.clearTimeout(idle.current);
    idle.current = window.setTimeout(stop, TYPING_IDLE_MS);
  }, [postId, focused, text]);

  useEffect(
    () => () => {
      window.clearTimeout(idle.current);
      if (typingSince.current !== 0) sendTyping(postId, false);
      typingSince.current = 0;
    },
    [postId],
  );
}
