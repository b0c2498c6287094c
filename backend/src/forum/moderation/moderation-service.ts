import {
  excerptLine,
  POST_NOT_FOUND_MESSAGE,
  REPLY_NOT_FOUND_MESSAGE,
  type FlagInput,
  type FlagResult,
  type ModerationAction,
  type ModerationResult,
  type ModerationTargetType,
} from '@mello/contracts';
import { setTimeout } from 'node:timers/promises';
import { moderationItems } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import type { ReadModelWaiter } from '../../archive/document-service';
import type { EventStore } from '../../event-store/port';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { appendDecision, loadAggregate, type CommandContext } from '../../shared/command-handler';
import { keyedSerial } from '../../shared/keyed-serial';
import { forumPostStream, postDecider, type ForumActor } from '../post';
import { forumReplyStream, replyDecider } from '../reply';
import { moderationDecider, moderationStream, type ModerationCommand, type ModerationTarget } from './moderation';

/**
 * How often a flag is decided again when another flag of the same item was appended in between. This process runs
 * one item's flags one at a time, so a conflict comes from another process; each lost race means another flag was
 * appended, so the attempts bound the flags that can land between one flag's load and append.
 */
const FLAG_ATTEMPTS = 20;
/** A retry waits up to this many milliseconds times its attempt (random, so racing processes spread out). */
const FLAG_RETRY_JITTER_MS = 5;
const LABEL_MAX = 80;
const excerpt = (text: string) => excerptLine(text, LABEL_MAX);

/**
 * Flags and the administrator's moderation actions. Each command reads the flagged item from the forum's own
 * streams (live? whose? which post?), decides against the item's moderation stream and appends there; it answers
 * once the read models show it (read your writes), so the queue and the forum a client refetches agree.
 */
export function createModerationService(deps: { store: EventStore; readModels: ReadModelWaiter; pool: DatabasePool }) {
  const { store, readModels, pool } = deps;
  const now = () => new Date().toISOString();
  const oneAtATime = keyedSerial();

  async function targetOf(targetType: ModerationTargetType, targetId: string): Promise<ModerationTarget> {
    if (targetType === 'post') {
      const { state } = await loadAggregate(store, forumPostStream(targetId), postDecider);
      if (state.status === 'none') throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
      return { targetType, targetId, postId: targetId, live: state.status === 'active', authorId: state.post.authorId, label: excerpt(state.post.title) };
    }
    const { state } = await loadAggregate(store, forumReplyStream(targetId), replyDecider);
    if (state.status === 'none') throw new NotFoundError(REPLY_NOT_FOUND_MESSAGE);
    const post = await loadAggregate(store, forumPostStream(state.reply.postId), postDecider);
    const live = state.status === 'active' && post.state.status === 'active';
    return { targetType, targetId, postId: state.reply.postId, live, authorId: state.reply.authorId, label: excerpt(state.reply.content) };
  }

  /**
   * Load, decide, append on the item's moderation stream. Flags of one item by different members commute, so a
   * flag that lost the race to another is decided again on the newer state (a second flag by the same member
   * then decides nothing); an administrator's action that lost a race is a 409 like any concurrent edit.
   */
  async function run(command: ModerationCommand, context: CommandContext, attempts: number): Promise<void> {
    const stream = moderationStream(command.target.targetType, command.target.targetId);
    for (let attempt = 1; ; attempt += 1) {
      const loaded = await loadAggregate(store, stream, moderationDecider);
      const events = moderationDecider.decide(command, loaded.state);
      try {
        await readModels.waitFor(await appendDecision(store, stream, events, loaded.expectedRevision, context));
        return;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= attempts) throw error;
        await setTimeout(Math.random() * FLAG_RETRY_JITTER_MS * attempt);
      }
    }
  }

  return {
    async flag(targetType: ModerationTargetType, targetId: string, input: FlagInput, by: ForumActor, context: CommandContext): Promise<FlagResult> {
      const target = await targetOf(targetType, targetId);
      const stream = moderationStream(target.targetType, target.targetId);
      await oneAtATime(stream, () => run({ type: 'flag', target, by, input, now: now() }, context, FLAG_ATTEMPTS));
      return { targetType, targetId, flagged: true };
    },

    /** The administrator's decision; answers the item as the queue now shows it (null once it left the queue). */
    async moderate(
      targetType: ModerationTargetType,
      targetId: string,
      action: ModerationAction,
      by: ForumActor,
      context: CommandContext,
    ): Promise<ModerationResult> {
      const target = await targetOf(targetType, targetId);
      await run({ type: action, target, by, now: now() }, context, 1);
      return { item: (await moderationItems(pool, targetId))[0] ?? null };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
