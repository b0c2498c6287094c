import type { ArticleFields, VideoFields, YearFields } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../shared/errors';
import { articleDecider } from './articles/article';
import type { DocumentDecider, DocumentEvent, DocumentState } from './document-decider';
import { videoDecider } from './videos/video';
import { yearDecider } from './years/year';

/** given events / when command / then events (or error), for a decider. */
function scenario<F>(decider: DocumentDecider<F>) {
  return {
    given(events: DocumentEvent<F>[]) {
      const state = events.reduce<DocumentState<F>>(decider.evolve, decider.initialState());
      return {
        state,
        when: (command: Parameters<DocumentDecider<F>['decide']>[0]) => () => decider.decide(command, state),
      };
    },
  };
}

const year: YearFields = {
  year: 1974,
  winner: 'ABBA',
  song: 'Waterloo',
  venue: 'Konserthuset',
  city: 'Göteborg',
  host: 'Johan Sandström',
  date: '9 februari 1974',
  description: 'ABBA vann.',
  imageUrl: null,
  videoUrl: null,
  facts: [],
  controversies: [],
  sources: [],
  isClassic: true,
};
const video: VideoFields = {
  title: 'Waterloo',
  artist: 'ABBA',
  year: 1974,
  videoUrl: 'https://www.youtube.com/watch?v=3FsVeMz1F5c',
  embedUrl: null,
  duration: '',
  category: 'winner',
  platform: 'youtube',
  thumbnailUrl: null,
  views: 0,
  description: '',
  sources: [],
  isRare: false,
};
const article: ArticleFields = {
  title: 'Titel',
  slug: 'titel',
  excerpt: 'Utdrag',
  content: 'Text',
  category: 'history',
  author: 'Admin',
  authorTitle: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  readTime: 5,
  imageUrl: null,
  sources: [],
  featured: false,
};

const cases = [
  {
    name: 'year',
    decider: yearDecider as unknown as DocumentDecider<Record<string, unknown>>,
    fields: year as Record<string, unknown>,
    change: { winner: 'Abba' },
    notFound: 'År hittades inte',
  },
  {
    name: 'video',
    decider: videoDecider as unknown as DocumentDecider<Record<string, unknown>>,
    fields: video as Record<string, unknown>,
    change: { views: 10 },
    notFound: 'Video hittades inte',
  },
  {
    name: 'article',
    decider: articleDecider as unknown as DocumentDecider<Record<string, unknown>>,
    fields: article as Record<string, unknown>,
    change: { featured: true },
    notFound: 'Artikel hittades inte',
  },
];

describe.each(cases)('$name decider', ({ decider, fields, change, notFound }) => {
  const { created, updated, deleted } = decider.names;
  const id = '11111111-1111-4111-8111-111111111111';
  const createdEvent = { type: created, data: { id, fields } };
  const it_ = scenario(decider);

  it('given nothing, when created, then it is created with the given fields', () => {
    expect(it_.given([]).when({ type: 'create', id, fields })()).toEqual([createdEvent]);
  });

  it('given it exists, when created again, then conflict', () => {
    expect(it_.given([createdEvent]).when({ type: 'create', id, fields })).toThrow(ConflictError);
  });

  it('given it exists, when updated, then the event carries all fields and the names of the changed ones', () => {
    const events = it_.given([createdEvent]).when({ type: 'update', id, changes: change })();
    expect(events).toEqual([{ type: updated, data: { id, fields: { ...fields, ...change }, changed: Object.keys(change) } }]);
  });

  it('given it exists, when updated with the same values, then nothing happens', () => {
    expect(it_.given([createdEvent]).when({ type: 'update', id, changes: { ...fields } })()).toEqual([]);
  });

  it('given it exists, when updated with undefined values, then those fields keep their value', () => {
    const events = it_.given([createdEvent]).when({ type: 'update', id, changes: { title: undefined, song: undefined, ...change } as never })();
    expect(events[0]?.data.fields).toEqual({ ...fields, ...change });
  });

  it('given nothing, when updated or deleted, then not found', () => {
    expect(it_.given([]).when({ type: 'update', id, changes: change })).toThrow(new NotFoundError(notFound));
    expect(it_.given([]).when({ type: 'delete', id })).toThrow(NotFoundError);
  });

  it('given it exists, when deleted, then the event keeps the last fields', () => {
    const events = it_.given([createdEvent, { type: updated, data: { id, fields: { ...fields, ...change }, changed: [] } }]).when({ type: 'delete', id })();
    expect(events).toEqual([{ type: deleted, data: { id, fields: { ...fields, ...change } } }]);
  });

  it('given it was deleted, when updated or deleted again, then not found; when created again, then conflict', () => {
    const given = it_.given([createdEvent, { type: deleted, data: { id, fields } }]);
    expect(given.state.status).toBe('deleted');
    expect(given.when({ type: 'update', id, changes: change })).toThrow(NotFoundError);
    expect(given.when({ type: 'delete', id })).toThrow(NotFoundError);
    expect(given.when({ type: 'create', id, fields })).toThrow(ConflictError);
  });

  it('evolve ignores events of other kinds', () => {
    const state = decider.evolve(decider.initialState(), { type: 'KeyClaimed', data: { id, fields } });
    expect(state).toEqual({ status: 'none' });
  });
});
