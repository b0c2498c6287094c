import {
  FIRST_CONTEST_YEAR,
  FORUM_CONTENT_MAX,
  FORUM_CONTENT_MIN,
  FORUM_TAG_MAX,
  FORUM_TAGS_MAX,
  FORUM_TITLE_MAX,
  FORUM_TITLE_MIN,
  latestForumYear,
  visibleLength,
  type ForumCategory,
  type ForumPost,
  type ForumPriority,
} from '@mello/contracts';

/**
 * The new-post and edit forms (spec section 5; product decision 4: both use the same categories, priorities and
 * year bound). Values are kept as the inputs hold them (text), and turned into the API's input on submit.
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

export type PostFormField = 'title' | 'content' | 'year' | 'reward' | 'tags';
export type PostFormErrors = Partial<Record<PostFormField, string>>;

export type PostInput = {
  title: string;
  content: string;
  category: ForumCategory;
  priority: ForumPriority | null;
  year: number | null;
  reward: number;
  tags: string[];
  /** A new hunt's entry (the create call only: a post's entry is set when it is made). */
  entryId?: string | null;
};

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

const WHOLE_NUMBER = /^\s*\d+\s*$/;

/** The messages under the fields; the title and content ones are the spec's own words. */
export function validatePostForm(values: PostFormValues, now: Date = new Date()): PostFormErrors {
  const errors: PostFormErrors = {};
  const title = values.title.trim();
  const content = values.content.trim();
  if (visibleLength(title) < FORUM_TITLE_MIN) errors.title = `Titel måste vara minst ${FORUM_TITLE_MIN} tecken`;
  else if (title.length > FORUM_TITLE_MAX) errors.title = `Titeln får vara högst ${FORUM_TITLE_MAX} tecken`;
  if (visibleLength(content) < FORUM_CONTENT_MIN) errors.content = `Innehåll måste vara minst ${FORUM_CONTENT_MIN} tecken`;
  else if (content.length > FORUM_CONTENT_MAX) errors.content = `Innehållet får vara högst ${FORUM_CONTENT_MAX} tecken`;
  if (values.year.trim() !== '') {
    const latest = latestForumYear(now);
    const year = Number(values.year);
    if (!WHOLE_NUMBER.test(values.year) || year < FIRST_CONTEST_YEAR || year > latest) {
      errors.year = `Året måste vara ett heltal mellan ${FIRST_CONTEST_YEAR} och ${latest}`;
    }
  }
  if (!WHOLE_NUMBER.test(values.reward || '0')) errors.reward = 'Belöningen måste vara ett heltal, minst 0 kr';
  if (values.tags.length > FORUM_TAGS_MAX) errors.tags = `Högst ${FORUM_TAGS_MAX} taggar`;
  return errors;
}

export const hasErrors = (errors: PostFormErrors) => Object.keys(errors).length > 0;

/** Edit mode: 'Spara ändringar' stays disabled while the title or the content is empty after trimming. */
export const canSaveEdit = (values: Pick<PostFormValues, 'title' | 'content'>) =>
  values.title.trim() !== '' && values.content.trim() !== '';

/** What is sent: trimmed texts, null for the empty optional choices, whole numbers, clean tags. */
export function postInputFromForm(values: PostFormValues): PostInput {
  return {
    title: values.title.trim(),
    content: values.content.trim(),
    category: values.category,
    priority: values.priority === '' ? null : values.priority,
    year: values.year.trim() === '' ? null : Number(values.year),
    reward: values.reward.trim() === '' ? 0 : Number(values.reward),
    tags: cleanTags(values.tags),
  };
}

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
  const next = cleanTags([...tags, tag]);
  if (next.length === tags.length) return { tags: [...tags], added: false, error: 'Taggen finns redan' };
  if (next.length > FORUM_TAGS_MAX) return { tags: [...tags], added: false, error: `Högst ${FORUM_TAGS_MAX} taggar` };
  return { tags: next, added: true };
}

export const removeTag = (tags: readonly string[], tag: string) => tags.filter((item) => item !== tag);

const FORM_FIELDS: readonly PostFormField[] = ['title', 'content', 'year', 'reward', 'tags'];

/** The server's 400 answer (`{ error, issues: [{ path, message }] }`) as messages under the form's fields. */
export function fieldErrorsFromServer(body: string): PostFormErrors {
  const errors: PostFormErrors = {};
  try {
    const parsed = JSON.parse(body) as { issues?: unknown };
    if (!Array.isArray(parsed.issues)) return errors;
    for (const issue of parsed.issues as { path?: unknown; message?: unknown }[]) {
      const field = typeof issue.path === 'string' ? issue.path.split('.')[0] : undefined;
      if (FORM_FIELDS.includes(field as PostFormField) && typeof issue.message === 'string') errors[field as PostFormField] ??= issue.message;
    }
  } catch {
    // Not JSON: nothing to show under the fields.
  }
  return errors;
}
