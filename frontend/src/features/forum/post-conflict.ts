import { forumApi } from '@mello/contracts';
import { forumCategoryLabel, forumPriorityLabel } from '../../lib/badges';
import { conflictRows, type ConflictRow } from '../../lib/conflict-rows';
import { cleanTags, type PostFormValues } from './post-form';

/**
 * The edit form's values as the conflict view shows them: the words the form's fields show (Allmänt, not
 * 'general'), an emptied reward as the 0 kr it is sent as, the tags as they would be sent. So a field only counts
 * as different when saving it would change something.
 */
export function postConflictValues(values: PostFormValues): Record<string, unknown> {
  const reward = values.reward.trim();
  return {
    title: values.title.trim(),
    content: values.content.trim(),
    category: forumCategoryLabel(values.category),
    priority: values.priority === '' ? null : forumPriorityLabel(values.priority),
    year: values.year.trim(),
    reward: `${reward === '' ? '0' : reward} kr`,
    tags: cleanTags(values.tags),
  };
}

/** The fields where the member's unsaved edit and the newer saved post differ, named as the form labels them. */
export const postConflictRows = (mine: PostFormValues, theirs: PostFormValues): ConflictRow[] =>
  conflictRows(postConflictValues(mine), postConflictValues(theirs), forumApi.editPost.labels ?? {});
