import {
  type FieldIssue,
  FORUM_TAG_DIRECTION_MESSAGE,
  FORUM_TAG_MAX,
  FORUM_TAGS_MAX,
  ForumPostCreateInputSchema,
  ForumPostEditInputSchema,
  hasDirectionControls,
  type ForumCategory,
  type ForumPost,
  type ForumPostCreateInput,
  type ForumPostEditInput,
  type ForumPriority,
} from '@mello/contracts';
import { checkForm, type CheckedForm, type FieldErrors } from '../../lib/form-validation';

/**
 * The new-post and edit forms (spec section 5; product decision 4: both use the same categories, priorities and
 * year bound). Values are kept as the inputs hold them (text); on submit they are checked with the contract's
 * schemas (the server's own rules and Swedish messages) and the parsed value is what is sent.
 */
export type PostFormValues = {
  title: string;
  content: string;
  category: ForumCategory;
  /** '' = no priority. */
  priority: ForumPriority | '';
  /** '' = no year. */
  year: string;
  reward: string;
  tags: string[];
};

/** The fields a message can be shown under (the top-level keys of the post's body). */
export type PostFormField = keyof PostFormValues | 'entryId' | '(form)';
export type PostFormErrors = FieldErrors<PostFormField>;

export const emptyPostForm = (category: ForumCategory = 'general'): PostFormValues => ({
  title: '',
  content: '',
  category,
  priority: '',
  year: '',
  reward: '0',
  tags: [],
});

/** Edit mode loads the post's values into the form (spec section 2, 'Redigera'). */
export const formFromPost = (post: ForumPost): PostFormValues => ({
  title: post.title,
  content: post.content,
  category: post.category,
  priority: post.priority ?? '',
  year: post.year === null ? '' : String(post.year),
  reward: String(post.reward),
  tags: [...post.tags],
});

/** Edit mode: 'Spara ändringar' stays disabled while the title or the content is empty after trimming. */
export const canSaveEdit = (values: Pick<PostFormValues, 'title' | 'content'>) => values.title.trim() !== '' && values.content.trim() !== '';

/**
 * The body as the form holds it, for the contract to check: year and reward stay text (the schema reads whole
 * numbers from text and names a wrong one), no priority is null, an emptied reward is 0 kr, tags are cleaned.
 */
function bodyFromForm(values: PostFormValues) {
  const reward = values.reward.trim();
  return {
    title: values.title,
    content: values.content,
    category: values.category,
    priority: values.priority === '' ? null : values.priority,
    year: values.year.trim(),
    reward: reward === '' ? 0 : reward,
    tags: cleanTags(values.tags),
  };
}

/** A new post (with the entry a hunt is about): the body to send, or the schema's message under each field. */
export const checkNewPost = (values: PostFormValues, entryId: string | null = null): CheckedForm<ForumPostCreateInput, PostFormField> =>
  checkForm(ForumPostCreateInputSchema, { ...bodyFromForm(values), entryId });

/** An edit of every field of the form (a post's entry is set when it is made, so not here). */
export const checkPostEdit = (values: PostFormValues): CheckedForm<ForumPostEditInput, PostFormField> =>
  checkForm(ForumPostEditInputSchema, bodyFromForm(values));

/**
 * Tags are free text: trimmed, no empty ones, no duplicates (spec section 5). Anything that is not a string is
 * dropped before sending. Duplicates are compared without case, so 'VHS' and 'vhs' are one tag.
 */
export function cleanTags(values: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const tag = value.trim();
    if (tag === '' || seen.has(tag.toLocaleLowerCase('sv-SE'))) continue;
    seen.add(tag.toLocaleLowerCase('sv-SE'));
    tags.push(tag);
  }
  return tags;
}

export type AddTagResult = { tags: string[]; added: boolean; error?: string };

/** The tag box's Enter key or plus button: adds the trimmed text unless it is empty, a duplicate or too long. */
export function addTag(tags: readonly string[], raw: string): AddTagResult {
  const tag = raw.trim();
  if (tag === '') return { tags: [...tags], added: false };
  if (tag.length > FORUM_TAG_MAX) return { tags: [...tags], added: false, error: `En tagg får vara högst ${FORUM_TAG_MAX} tecken` };
  if (hasDirectionControls(tag)) return { tags: [...tags], added: false, error: FORUM_TAG_DIRECTION_MESSAGE };
  const next = cleanTags([...tags, tag]);
  if (next.length === tags.length) return { tags: [...tags], added: false, error: 'Taggen finns redan' };
  if (next.length > FORUM_TAGS_MAX) return { tags: [...tags], added: false, error: `Högst ${FORUM_TAGS_MAX} taggar` };
  return { tags: next, added: true };
}

export const removeTag = (tags: readonly string[], tag: string) => tags.filter((item) => item !== tag);

const FORM_FIELDS: readonly PostFormField[] = ['title', 'content', 'category', 'priority', 'year', 'reward', 'tags'];

const isFormField = (field: string | undefined): field is PostFormField => FORM_FIELDS.some((known) => known === field);

/** The server's 400 answer's `issues` ({ path, message }: api/http.ts reads them) as messages under the form's fields. */
export function fieldErrorsFromServer(issues: readonly FieldIssue[]): PostFormErrors {
  const errors: PostFormErrors = {};
  for (const issue of issues) {
    const [field] = issue.path.split('.');
    if (isFormField(field)) errors[field] ??= issue.message;
  }
  return errors;
}
