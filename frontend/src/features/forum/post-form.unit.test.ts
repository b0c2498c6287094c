import { latestForumYear, type ForumPost } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { addTag, canSaveEdit, checkNewPost, checkPostEdit, cleanTags, emptyPostForm, fieldErrorsFromServer, formFromPost, removeTag } from './post-form';
import { readersLabel, typingLabel } from './presence-text';

const valid = { ...emptyPostForm(), title: 'Saknas: finalen 1962', content: 'Finns det en inspelning kvar?' };

describe('tag input', () => {
  it('adds trimmed tags and refuses empty ones, duplicates (any case) and overlong ones', () => {
    expect(addTag([], '  VHS  ')).toEqual({ tags: ['VHS'], added: true });
    expect(addTag(['VHS'], '   ')).toEqual({ tags: ['VHS'], added: false });
    expect(addTag(['VHS'], 'vhs')).toMatchObject({ tags: ['VHS'], added: false, error: 'Taggen finns redan' });
    expect(addTag([], 'x'.repeat(41))).toMatchObject({ added: false, error: 'En tagg får vara högst 40 tecken' });
    expect(addTag([], '\u202Esvh\u202C')).toMatchObject({ added: false, error: 'En tagg får inte innehålla tecken som vänder textens riktning' });
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(addTag(twenty, 'en till')).toMatchObject({ added: false, error: 'Högst 20 taggar' });
    expect(removeTag(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('cleans what is sent: strings only, trimmed, non-empty, unique', () => {
    expect(cleanTags([' 1962 ', 42, '', '1962', null, 'SVT', '  '])).toEqual(['1962', 'SVT']);
  });
});

describe("post form validation (the contract's schemas)", () => {
  it('accepts a valid post and answers the body to send', () => {
    const checked = checkNewPost({ ...valid, title: '  Saknas: finalen 1962 ', priority: 'high', year: '1962', reward: '500', tags: ['VHS', ' vhs'] });
    expect(checked).toEqual({
      ok: true,
      value: {
        title: 'Saknas: finalen 1962',
        content: 'Finns det en inspelning kvar?',
        category: 'general',
        priority: 'high',
        year: 1962,
        reward: 500,
        tags: ['VHS'],
        entryId: null,
      },
    });
    expect(checkNewPost(valid)).toMatchObject({ ok: true, value: { priority: null, year: null, reward: 0, tags: [] } });
    const entryId = '00000000-0000-4000-8000-000000000001';
    expect(checkNewPost(valid, entryId)).toMatchObject({ ok: true, value: { entryId } });
  });

  it('uses the spec’s messages for short title and content (after trimming)', () => {
    const checked = checkNewPost({ ...valid, title: '  abcd   ', content: ' kort ' });
    expect(checked).toEqual({ ok: false, errors: { title: 'Titel måste vara minst 5 tecken', content: 'Innehåll måste vara minst 10 tecken' } });
    expect(checkPostEdit({ ...valid, title: 'abc' })).toEqual({ ok: false, errors: { title: 'Titel måste vara minst 5 tecken' } });
  });

  it('bounds the year to 1958..the current year and wants whole numbers for year and reward', () => {
    const latest = latestForumYear();
    const errorsOf = (values: Partial<typeof valid>) => {
      const checked = checkNewPost({ ...valid, ...values });
      return checked.ok ? {} : checked.errors;
    };
    expect(errorsOf({ year: '1957' })).toEqual({ year: 'Måste vara minst 1958' });
    expect(errorsOf({ year: String(latest + 1) })).toEqual({ year: `Året får vara högst ${latest}` });
    expect(errorsOf({ year: '1999.5' })).toEqual({ year: 'Måste vara ett heltal' });
    expect(errorsOf({ year: '1958' })).toEqual({});
    expect(errorsOf({ year: String(latest) })).toEqual({});
    expect(errorsOf({ reward: '-1' })).toEqual({ reward: 'Måste vara minst 0' });
    expect(errorsOf({ reward: '2.5' })).toEqual({ reward: 'Måste vara ett heltal' });
    expect(errorsOf({ reward: '' })).toEqual({});
    // The edit form checks the same bounds (product decision 4), and an emptied reward is 0 kr as on create.
    expect(checkPostEdit({ ...valid, year: String(latest + 1) })).toMatchObject({ ok: false, errors: { year: `Året får vara högst ${latest}` } });
    expect(checkPostEdit({ ...valid, reward: '' })).toMatchObject({ ok: true, value: { reward: 0 } });
  });
});

describe('edit form', () => {
  const post: ForumPost = {
    id: 'p',
    title: 'Titel här',
    content: 'Innehåll här',
    authorId: 'u',
    authorName: 'U',
    category: 'found',
    priority: null,
    year: 1974,
    reward: 100,
    status: 'active',
    tags: ['ABBA'],
    entryId: null,
    mentions: [],
    likes: 0,
    views: 0,
    repliesCount: 0,
    lastReplyAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };

  it('loads the post’s values', () => {
    expect(formFromPost(post)).toEqual({
      title: 'Titel här',
      content: 'Innehåll här',
      category: 'found',
      priority: '',
      year: '1974',
      reward: '100',
      tags: ['ABBA'],
    });
  });

  it('can save only when title and content are non-empty after trimming', () => {
    expect(canSaveEdit({ title: 'x', content: 'y' })).toBe(true);
    expect(canSaveEdit({ title: '   ', content: 'y' })).toBe(false);
    expect(canSaveEdit({ title: 'x', content: '\n ' })).toBe(false);
  });
});

describe('presence lines', () => {
  it('counts readers and names the others who type', () => {
    expect(readersLabel(3)).toBe('3 läser nu');
    expect(readersLabel(0)).toBeNull();
    expect(typingLabel({ typing: ['Mia Medlem'] }, 'Ante Author')).toBe('Mia Medlem skriver ett svar…');
    expect(typingLabel({ typing: ['Ante Author'] }, 'Ante Author')).toBeNull();
    expect(typingLabel({ typing: ['A', 'B', 'C'] }, null)).toBe('A, B och C skriver ett svar…');
    expect(typingLabel({ typing: ['A', 'B'] }, null)).toBe('A och B skriver ett svar…');
  });
});

describe('server field errors', () => {
  it('puts the server’s issues under the matching fields and ignores the rest', () => {
    const body = JSON.stringify({
      error: 'Ogiltiga uppgifter',
      issues: [
        { path: 'title', message: 'Titel måste vara minst 5 tecken' },
        { path: 'tags.3', message: 'En tagg får vara högst 40 tecken' },
        { path: '(body)', message: 'x' },
      ],
    });
    expect(fieldErrorsFromServer(new ApiError(400, 'Bad Request', body).issues)).toEqual({
      title: 'Titel måste vara minst 5 tecken',
      tags: 'En tagg får vara högst 40 tecken',
    });
    expect(new ApiError(400, 'Bad Request', 'not json').issues).toEqual([]);
  });
});
