import type { EventName } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { encodePosition } from '../../event-store/port';
import { addToPlan, emptyPlan, planSize, type IndexedEvent } from './index-plan';

let sequence = 0;
const at = () => encodePosition(1000 + sequence, ++sequence);
/** An event with the data a test gives (the registry's decoding is tested in contracts/src/events). */
const event = (type: EventName, data: unknown): IndexedEvent => ({ type, data, position: at() }) as IndexedEvent;

const yearFields = (overrides: Record<string, unknown> = {}) => ({
  year: 1974,
  winner: 'ABBA',
  song: 'Waterloo',
  venue: 'Cirkus',
  city: 'Stockholm',
  host: 'Johan',
  date: '',
  description: 'Segern',
  imageUrl: null,
  videoUrl: null,
  facts: [],
  controversies: [],
  sources: [],
  isClassic: true,
  ...overrides,
});
const entryFields = (overrides: Record<string, unknown> = {}) => ({
  year: 2012,
  artistId: 'a1',
  artist: 'Loreen',
  song: 'Euphoria',
  songwriters: ['Thomas G:son', 'Nadir Khayat (RedOne)'],
  finalPlace: 1,
  ...overrides,
});
const videoFields = { title: 'Waterloo', artist: 'ABBA', year: 1974, description: '', category: 'winner' };
const post = (postId: string, overrides: Record<string, unknown> = {}) => ({
  postId,
  title: 'Söker 1984',
  content: 'Någon som har den?',
  category: 'lost-media',
  priority: null,
  year: 1984,
  reward: 0,
  tags: ['herreys'],
  status: 'active',
  authorId: 'u1',
  authorName: 'Åke',
  createdAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

describe('event batch → Typesense writes', () => {
  it('given a created year, then one upsert of its full document', () => {
    const plan = addToPlan(emptyPlan(), [event('YearCreated', { id: 'y1', fields: yearFields() })]);
    expect([...plan.years.upserts.keys()]).toEqual(['y1']);
    expect(plan.years.upserts.get('y1')).toMatchObject({ year: 1974, winner: 'ABBA', song_folded: 'waterloo', is_classic: true });
    expect(planSize(plan)).toBe(1);
  });

  it('given a create then an update in one batch, then one upsert with the update merged in', () => {
    const plan = addToPlan(emptyPlan(), [
      event('YearCreated', { id: 'y1', fields: yearFields() }),
      event('YearUpdated', { id: 'y1', fields: yearFields({ facts: ['Svarvarmästarens favorit'] }), changed: ['facts'] }),
    ]);
    expect(plan.years.upserts.get('y1')!.facts).toEqual(['Svarvarmästarens favorit']);
    expect(plan.years.emplaces.size).toBe(0);
  });

  it('given an update of a year created earlier, then a merge (emplace), not a replace', () => {
    const plan = addToPlan(emptyPlan(), [event('YearUpdated', { id: 'y1', fields: yearFields({ winner: 'Abba' }), changed: ['winner'] })]);
    expect(plan.years.upserts.size).toBe(0);
    expect(plan.years.emplaces.get('y1')).toMatchObject({ winner: 'Abba', winner_folded: 'abba' });
  });

  it('given a delete, then a delete by id, whatever came before it in the batch', () => {
    const plan = addToPlan(emptyPlan(), [
      event('YearCreated', { id: 'y1', fields: yearFields() }),
      event('YearUpdated', { id: 'y2', fields: yearFields({ year: 1975 }), changed: ['year'] }),
      event('YearDeleted', { id: 'y1', fields: yearFields() }),
      event('YearDeleted', { id: 'y2', fields: yearFields() }),
    ]);
    expect(plan.years.upserts.size).toBe(0);
    expect(plan.years.emplaces.size).toBe(0);
    expect([...plan.years.deletes].sort()).toEqual(['y1', 'y2']);
  });

  it('given a delete then a create of the same id, then the create wins', () => {
    const plan = addToPlan(emptyPlan(), [event('YearDeleted', { id: 'y1', fields: yearFields() }), event('YearCreated', { id: 'y1', fields: yearFields() })]);
    expect(plan.years.deletes.size).toBe(0);
    expect(plan.years.upserts.has('y1')).toBe(true);
  });

  it('gives a created video its list position from the creation event, and keeps it through an update', () => {
    const created = event('VideoCreated', { id: 'v1', fields: videoFields });
    const plan = addToPlan(emptyPlan(), [
      created,
      event('VideoUpdated', { id: 'v1', fields: { ...videoFields, title: 'Waterloo (live)' }, changed: ['title'] }),
    ]);
    expect(plan.videos.upserts.get('v1')).toMatchObject({ title: 'Waterloo (live)', position: sequence - 1 });

    const later = addToPlan(emptyPlan(), [event('VideoUpdated', { id: 'v1', fields: videoFields, changed: ['title'] })]);
    expect(later.videos.emplaces.get('v1')).not.toHaveProperty('position');
  });

  it('routes articles to their collection', () => {
    const plan = addToPlan(emptyPlan(), [
      event('ArticleCreated', { id: 'a1', fields: { title: 'Cirkus', author: 'A', excerpt: '', content: '', category: 'history', publishedAt: '2024-01-01' } }),
      event('ArticleDeleted', { id: 'a2', fields: {} }),
    ]);
    expect([...plan.articles.upserts.keys()]).toEqual(['a1']);
    expect([...plan.articles.deletes]).toEqual(['a2']);
  });

  it('given a created post and a partial edit, then one upsert carrying both', () => {
    const plan = addToPlan(emptyPlan(), [
      event('ForumPostCreated', post('p1')),
      event('ForumPostEdited', { postId: 'p1', title: 'Hittad!', updatedAt: '2026-01-02T00:00:00.000Z' }),
    ]);
    expect(plan.forum_posts.upserts.get('p1')).toMatchObject({
      title: 'Hittad!',
      author_name: 'Åke',
      category: 'lost-media',
      created_at: Date.parse('2026-01-01T10:00:00.000Z'),
    });
  });

  it('given edits of a post created earlier, then one partial update with the latest values', () => {
    const plan = addToPlan(emptyPlan(), [
      event('ForumPostEdited', { postId: 'p1', title: 'Första', tags: ['a'] }),
      event('ForumPostEdited', { postId: 'p1', title: 'Andra' }),
    ]);
    expect(plan.forum_posts.emplaces.get('p1')).toEqual({ id: 'p1', title: 'Andra', title_folded: 'andra', tags: ['a'], tags_folded: ['a'] });
    expect(plan.forum_posts.emplaces.get('p1')).not.toHaveProperty('author_name');
  });

  it('given an edit after a delete, then only the delete', () => {
    const plan = addToPlan(emptyPlan(), [event('ForumPostDeleted', { postId: 'p1' }), event('ForumPostEdited', { postId: 'p1', title: 'Spöke' })]);
    expect([...plan.forum_posts.deletes]).toEqual(['p1']);
    expect(plan.forum_posts.emplaces.size).toBe(0);
  });

  it('ignores events the index does not follow (data the registry rejects never gets here: events/decode.unit.test.ts)', () => {
    const skipped: string[] = [];
    const plan = addToPlan(
      emptyPlan(),
      [event('ForumPostLiked', { postId: 'p1', userId: 'u2', likedAt: '2025-01-01T00:00:00.000Z' }), event('KeyClaimed', { key: 'year:1974', ownerId: 'y1' })],
      (e) => skipped.push(e.type),
    );
    expect(planSize(plan)).toBe(0);
    expect(skipped).toEqual([]);
  });

  it('given a created entry, then an upsert of it with its list position and a merge per credited songwriter, by slug', () => {
    const plan = addToPlan(emptyPlan(), [event('EntryCreated', { id: 'e1', fields: entryFields() })]);
    expect(plan.entries.upserts.get('e1')).toMatchObject({
      year: 2012,
      artist: 'Loreen',
      song: 'Euphoria',
      songwriters: ['Thomas G:son', 'Nadir Khayat (RedOne)'],
    });
    expect(plan.entries.upserts.get('e1')!.position).toBeGreaterThan(0);
    expect([...plan.songwriters.emplaces.keys()]).toEqual(['thomas-g-son', 'nadir-khayat']);
    expect(plan.songwriters.emplaces.get('nadir-khayat')).toMatchObject({ name: 'Nadir Khayat', alias: 'RedOne', alias_folded: 'redone' });
    expect(plan.songwriters.upserts.size + plan.songwriters.deletes.size).toBe(0);
  });

  it('given an entry updated, then a merge keeping its position; a songwriter credited twice is one write, keeping a stage name', () => {
    const plan = addToPlan(emptyPlan(), [
      event('EntryCreated', { id: 'e2', fields: entryFields({ songwriters: ['Nadir Khayat (RedOne)'] }) }),
      event('EntryUpdated', { id: 'e1', fields: entryFields({ song: 'Euforia' }), changed: ['song'] }),
    ]);
    expect(plan.entries.emplaces.get('e1')).toMatchObject({ song: 'Euforia', song_folded: 'euforia' });
    expect(plan.entries.emplaces.get('e1')).not.toHaveProperty('position');
    // e1's credit of Nadir Khayat has no stage name: the one e2's credit wrote stays.
    expect(plan.songwriters.emplaces.size).toBe(2);
    expect(plan.songwriters.emplaces.get('nadir-khayat')!.alias).toBe('RedOne');
  });

  it('given a deleted entry, then its delete; its songwriters stay (the read model leaves them out when loading)', () => {
    const plan = addToPlan(emptyPlan(), [
      event('EntryCreated', { id: 'e1', fields: entryFields() }),
      event('EntryDeleted', { id: 'e1', fields: entryFields() }),
    ]);
    expect([...plan.entries.deletes]).toEqual(['e1']);
    expect(plan.entries.upserts.size).toBe(0);
    expect(plan.songwriters.deletes.size).toBe(0);
  });

  it('routes acts to their collection: created, renamed, deleted', () => {
    const plan = addToPlan(emptyPlan(), [
      event('ArtistCreated', { id: 'a1', fields: { name: 'Carola Häggkvist', slug: 'carola-haggkvist', aliases: [] } }),
      event('ArtistUpdated', { id: 'a2', fields: { name: 'Lorine', slug: 'loreen', aliases: ['Loreen'] } }),
      event('ArtistDeleted', { id: 'a3', fields: { name: 'X', slug: 'x', aliases: [] } }),
    ]);
    expect(plan.artists.upserts.get('a1')).toMatchObject({ name: 'Carola Häggkvist', name_folded: 'carola haggkvist' });
    expect(plan.artists.emplaces.get('a2')).toMatchObject({ aliases: ['Loreen'], aliases_folded: ['loreen'] });
    expect([...plan.artists.deletes]).toEqual(['a3']);
  });

  it('folds a whole log the same in one batch or many (rebuild = live indexing)', () => {
    const log = [
      event('YearCreated', { id: 'y1', fields: yearFields() }),
      event('ForumPostCreated', post('p1')),
      event('YearUpdated', { id: 'y1', fields: yearFields({ song: 'Honey Honey' }), changed: ['song'] }),
      event('ForumPostEdited', { postId: 'p1', title: 'Ny titel' }),
      event('ForumPostCreated', post('p2')),
      event('ForumPostDeleted', { postId: 'p2' }),
    ];
    const whole = addToPlan(emptyPlan(), log);
    expect(whole.years.upserts.get('y1')!.song).toBe('Honey Honey');
    expect(whole.forum_posts.upserts.get('p1')!.title).toBe('Ny titel');
    expect([...whole.forum_posts.deletes]).toEqual(['p2']);
  });
});
