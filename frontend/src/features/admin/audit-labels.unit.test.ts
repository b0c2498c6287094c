import { describe, expect, it } from 'vitest';
import { actionLabel, actorLabel, editPath, fieldLabel, historyPath, inFieldOrder, kindLabel } from './audit-labels';
import { showsLineups } from './lineup-query-keys';

describe('queries a lineup restore makes stale', () => {
  it('are those whose key starts with a lineup path, not a path that only shares its first letters', () => {
    expect(showsLineups(['/api/years/by-year/2012/lineup'])).toBe(true);
    expect(showsLineups(['/api/artists', 'loreen'])).toBe(true);
    expect(showsLineups(['/api/search/entries', { q: 'loreen' }])).toBe(true);
    expect(showsLineups(['/api/statistics'])).toBe(true);
    expect(showsLineups(['/api/artistsX'])).toBe(false);
    expect(showsLineups(['/api/forum/posts'])).toBe(false);
    expect(showsLineups([42])).toBe(false);
  });
});

describe('audit labels and links', () => {
  it('names kinds, actions, actors and fields in Swedish, unknown values raw', () => {
    expect(kindLabel('forum-reply')).toBe('Forumsvar');
    expect(actionLabel('restored')).toBe('Återställd');
    expect(actionLabel('liked')).toBe('liked');
    expect(actorLabel({ userId: 'u1', email: 'admin@x.se', system: false })).toBe('admin@x.se');
    expect(actorLabel({ userId: null, email: null, system: true })).toBe('System');
    expect(fieldLabel('controversies')).toBe('Kontroverser');
    expect(fieldLabel('weird')).toBe('weird');
  });

  it('names the lineup kinds and their fields with the lineup forms’ labels, other kinds keeping the shared ones', () => {
    expect([kindLabel('entry'), kindLabel('artist'), kindLabel('source')]).toEqual(['Bidrag', 'Artist', 'Källa']);
    expect(fieldLabel('runningOrder', 'entry')).toBe('Startnummer');
    expect(fieldLabel('artist', 'entry')).toBe('Artistnamn (som det stod i programmet)');
    expect(fieldLabel('artist', 'video')).toBe('Artist');
    expect(fieldLabel('slug', 'artist')).toBe('Adress');
    expect(fieldLabel('slug', 'article')).toBe('Slug');
    expect(fieldLabel('key', 'source')).toBe('Källnyckel');
    expect(inFieldOrder('entry', ['notes', 'finalPlace', 'song', 'year'], (field) => field)).toEqual(['year', 'song', 'finalPlace', 'notes']);
    expect(editPath('entry', 'id1')).toBeNull();
  });

  it('orders fields as the kind’s form does, unknown ones last in their own order', () => {
    const fields = ['city', 'zeta', 'winner', 'alpha', 'year'];
    expect(inFieldOrder('year', fields, (field) => field)).toEqual(['year', 'winner', 'city', 'zeta', 'alpha']);
    expect(inFieldOrder('video', ['year', 'title'], (field) => field)).toEqual(['title', 'year']);
  });

  it('links an entry to its history and curated items to their edit page', () => {
    expect(historyPath('forum-post', 'a b')).toBe('/admin/history/forum-post/a%20b');
    expect(editPath('year', 'id1')).toBe('/admin/edit-year/id1');
    expect(editPath('forum-post', 'id1')).toBeNull();
  });
});
