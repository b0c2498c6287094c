import type { ForumPost } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { addTag, canSaveEdit, cleanTags, emptyPostForm, fieldErrorsFromServer, formFromPost, hasErrors, postInputFromForm, removeTag, validatePostForm } from './post-form';
import { readersLabel, typingLabel } from './presence-text';

const now = new Date('2026-06-01T12:00:00Z');
const valid = { ...emptyPostForm(), title: 'Saknas: finalen 1962', content: 'Finns det en inspelning kvar?' };

describe('tag input', () => {
  it('adds trimmed tags and refuses empty ones, duplicates (any case) and overlong ones', () => {
    expect(addTag([], '  VHS  ')).toEqual({ tags: ['VHS'], added: true });
    expect(addTag(['VHS'], '   ')).toEqual({ tags: ['VHS'], added: false });
    expect(addTag(['VHS'], 'vhs')).toMatchObject({ tags: ['VHS'], added: false, error: 'Taggen finns redan' });
    expect(addTag([], 'x'.repeat(41))).toMatchObject({ added: false, error: 'En tagg får vara högst 40 tecken' });
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(addTag(twenty, 'en till')).toMatchObject({ added: false, error: 'Högst 20 taggar' });
    expect(removeTag(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('cleans what is sent: strings only, trimmed, non-empty, unique', () => {
    expect(cleanTags([' 1962 ', 42, '', '1962', null, 'SVT', '  '])).toEqual(['1962', 'SVT']);
  });
});

describe('post form validation', () => {
  it('accepts a valid post and turns it into the API input', () => {
    expect(validatePostForm(valid, now)).toEqual({});
    const input = postInputFromForm({ ...valid, title: '  Saknas: finalen 1962 ', priority: 'high', year: '1962', reward: '500', tags: ['VHS', ' vhs'] });
    expect(input).toEqual({
      title: 'Saknas: finalen 1962',
      content: 'Finns det en inspelning kvar?',
      category: 'general',
      priority: 'high',
      year: 1962,
      reward: 500,
      tags: ['VHS'],
    });
    expect(postInputFromForm(valid)).toMatchObject({ priority: null, year: null, reward: 0, tags: [] });
  });

  it('uses the spec’s messages for short title and content (after trimming)', () => {
    const errors = validatePostForm({ ...valid, title: '  abcd   ', content: ' kort ' }, now);
    expect(errors).toEqual({ title: 'Titel måste vara minst 5 tecken', content: 'Innehåll måste vara minst 10 tecken' });
    expect(hasErrors(errors)).toBe(true);
  });

  it('bounds the year to 1958..the current year and wants whole numbers for year and reward', () => {
    const yearError = 'Året måste vara ett heltal mellan 1958 och 2026';
    expect(validatePostForm({ ...valid, year: '1957' }, now).year).toBe(yearError);
    expect(validatePostForm({ ...valid, year: '2027' }, now).year).toBe(yearError);
    expect(validatePostForm({ ...valid, year: '1999.5' }, now).year).toBe(yearError);
    expect(validatePostForm({ ...valid, year: '1958' }, now)).toEqual({});
    expect(validatePostForm({ ...valid, year: '2026' }, now)).toEqual({});
    expect(validatePostForm({ ...valid, reward: '-1' }, now).reward).toBe('Belöningen måste vara ett heltal, minst 0 kr');
    expect(validatePostForm({ ...valid, reward: '2.5' }, now).reward).toBeDefined();
    expect(validatePostForm({ ...valid, reward: '' }, now)).toEqual({});
  });
});

describe('edit form', () => {
  const post: ForumPost = {
    id: 'p', title: 'Titel här', content: 'Innehåll här', authorId: 'u', authorName: 'U', category: 'found', priority: null,
    year: 1974, reward: 100, status: 'active', tags: ['ABBA'], entryId: null, likes: 0, views: 0, repliesCount: 0, lastReplyAt: null,
    createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
  };

  it('loads the post’s values', () => {
    expect(formFromPost(post)).toEqual({ title: 'Titel här', content: 'Innehåll här', category: 'found', priority: '', year: '1974', reward: '100', tags: ['ABBA'] });
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
    expect(fieldErrorsFromServer(body)).toEqual({ title: 'Titel måste vara minst 5 tecken', tags: 'En tagg får vara högst 40 tecken' });
    expect(fieldErrorsFromServer('not json')).toEqual({});
  });
});
