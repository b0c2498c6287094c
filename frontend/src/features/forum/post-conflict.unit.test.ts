import { describe, expect, it } from 'vitest';
import { emptyPostForm } from './post-form';
import { postConflictRows } from './post-conflict';

const opened = { ...emptyPostForm(), title: 'Saknas: finalen 1962', content: 'Finns det en inspelning?', tags: ['VHS'] };

describe('postConflictRows', () => {
  it('lists the differing fields in the form order, named and shown as the form shows them', () => {
    const mine = { ...opened, content: 'Min nya text', priority: 'high' as const, tags: ['VHS', 'SVT'] };
    const theirs = { ...opened, title: 'Hittad: finalen 1962', category: 'found' as const, reward: '100' };
    expect(postConflictRows(mine, theirs)).toEqual([
      { field: 'title', label: 'Titel', mine: 'Saknas: finalen 1962', theirs: 'Hittad: finalen 1962' },
      { field: 'content', label: 'Innehåll', mine: 'Min nya text', theirs: 'Finns det en inspelning?' },
      { field: 'category', label: 'Kategori', mine: 'Allmänt', theirs: 'Hittat' },
      { field: 'priority', label: 'Prioritet', mine: 'Högt', theirs: '—' },
      { field: 'reward', label: 'Belöning', mine: '0 kr', theirs: '100 kr' },
      { field: 'tags', label: 'Taggar', mine: 'VHS\nSVT', theirs: 'VHS' },
    ]);
  });

  it('counts as the same what would be sent the same (spaces, an emptied reward, a repeated tag)', () => {
    const mine = { ...opened, title: ` ${opened.title} `, reward: '', tags: ['VHS', 'vhs'] };
    expect(postConflictRows(mine, opened)).toEqual([]);
  });
});
