/** Realistic, deterministic event data for the benchmark; run by backend/bench/store-bench.ts. */
import { readFileSync } from 'node:fs';
import { DOCUMENT_EVENTS, type EventMetadata, type EventName } from '@mello/contracts';
import type { NewEvent } from '../../src/event-store/port';
import { EVENTS_PER_APPEND, median } from './common';

// ---------------------------------------------------------------------------------------------------------------
// Realistic, deterministic event data: years, videos and articles created once and updated many times, with field
// sets taken from the shipped archive (backend/src/archive-import/data), a few hundred bytes to a few kB each.

export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const rand = mulberry32(1958);
export const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
export const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
export const uuid = () => {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Math.floor(rand() * 4) + 8) as number).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export type Fields = Record<string, unknown>;
export const readTemplates = (file: string) => JSON.parse(readFileSync(new URL(`../../src/archive-import/data/${file}`, import.meta.url), 'utf8')) as Fields[];

export const SENTENCES = [
  'Uppgiften är kontrollerad mot SVT:s programtablå och samtida pressklipp.',
  'Juryns poäng redovisades först efter telefonröstningen, vilket gav en dramatisk upplösning.',
  'Arrangemanget skrevs om inför finalen och fick en längre stråkintro.',
  'Flera tidningar lyfte fram scenografin som årets mest påkostade.',
  'Bidraget låg etta på Svensktoppen i sju veckor efter tävlingen.',
  'Källan är Sveriges Radios arkiv; datumet bekräftas av Dagens Nyheters recension dagen efter.',
  'Publiken i hallen buade när resultatet lästes upp, enligt Expressens reportage.',
];

export type Kind = 'year' | 'video' | 'article';
export const EVENT_TYPES: Record<Kind, { created: EventName; updated: EventName }> = {
  year: DOCUMENT_EVENTS.year,
  video: DOCUMENT_EVENTS.video,
  article: DOCUMENT_EVENTS.article,
};

/** The full field set after one edit, and the names of the fields the edit changed. */
export function edit(kind: Kind, fields: Fields, template: Fields): { fields: Fields; changed: string[] } {
  const next = { ...fields };
  const changed: string[] = [];
  const set = (name: string, value: unknown) => {
    next[name] = value;
    changed.push(name);
  };
  const grow = (text: string, base: string, limit: number) => (text.length > limit ? `${base} ${pick(SENTENCES)}` : `${text} ${pick(SENTENCES)}`);
  const addTo = (name: string) => {
    const list = [...((next[name] as string[]) ?? [])];
    if (list.length > 6) list.shift();
    list.push(pick(SENTENCES).slice(0, int(30, 90)));
    set(name, list);
  };
  const choice = rand();
  if (kind === 'year') {
    if (choice < 0.45) set('description', grow(String(next.description), String(template.description), 1200));
    else if (choice < 0.65) addTo('facts');
    else if (choice < 0.8) addTo('sources');
    else if (choice < 0.9) {
      set('host', pick(['Lasse Holmqvist', 'Kattis Ahlström', 'Petra Mede', 'Gina Dirawi', 'David Hellenius']));
      set('venue', pick(['Globen', 'Friends Arena', 'Scandinavium', 'Malmö Arena', 'Cirkus']));
    } else set('isClassic', !next.isClassic);
  } else if (kind === 'video') {
    if (choice < 0.5) set('views', Number(next.views) + int(10, 5000));
    else if (choice < 0.75) set('description', grow(String(next.description), String(template.description), 900));
    else if (choice < 0.9) addTo('sources');
    else set('isRare', !next.isRare);
  } else {
    if (choice < 0.4) set('content', grow(String(next.content), String(template.content).slice(0, 1200), 2800));
    else if (choice < 0.6) set('excerpt', `${String(template.excerpt).slice(0, 160)} ${pick(SENTENCES)}`);
    else if (choice < 0.75) set('readTime', int(2, 15));
    else if (choice < 0.9) addTo('sources');
    else set('featured', !next.featured);
  }
  return { fields: next, changed };
}

export function initialFields(kind: Kind, template: Fields, n: number): Fields {
  if (kind === 'year') return { ...template, year: int(1958, 2026) };
  if (kind === 'video') return { ...template, views: int(0, 2_000_000), title: `${String(template.title)} (${n})` };
  const content = String(template.content).slice(0, int(600, 2000));
  return {
    ...template,
    title: `${String(template.title)} – del ${n}`,
    slug: `${String(template.slug).slice(0, 60)}-${n}`,
    content,
    publishedAt: new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString(),
  };
}

/** One append: a run of up to EVENTS_PER_APPEND consecutive events of one stream. */
export type Unit = { stream: string; firstRevision: number; events: NewEvent[]; key: number };
export type Dataset = { units: Unit[]; entities: Record<Kind, number>; bytes: { median: number; max: number; total: number } };

export function generateDataset(total: number): Dataset {
  const templates: Record<Kind, Fields[]> = { year: readTemplates('years.json'), video: readTemplates('videos.json'), article: readTemplates('articles.json') };
  const actors: EventMetadata['actor'][] = [
    { type: 'system' },
    ...Array.from({ length: 6 }, (_, i) => ({ type: 'user' as const, userId: uuid(), email: `redaktor${i + 1}@melloarkivet.se` })),
  ];
  // ~28 events per entity on average: a few thousand read-model rows.
  const entityCount = Math.max(3, Math.round(total / 28));
  const kinds: Kind[] = Array.from({ length: entityCount }, (_, i) => (i % 5 < 2 ? 'year' : i % 5 < 4 ? 'video' : 'article'));
  const counts = kinds.map(() => 1);
  // Updates go to a skewed choice of entities (some are edited far more than others).
  for (let i = entityCount; i < total; i += 1) counts[Math.floor(rand() ** 1.6 * entityCount)]! += 1;

  const units: Unit[] = [];
  kinds.forEach((kind, n) => {
    const id = uuid();
    const stream = `${kind}-${id}`;
    const template = pick(templates[kind]);
    let fields = initialFields(kind, template, n);
    const events: Array<{ type: string; data: unknown }> = [{ type: EVENT_TYPES[kind].created, data: { id, fields } }];
    for (let i = 1; i < counts[n]!; i += 1) {
      const change = edit(kind, fields, template);
      fields = change.fields;
      events.push({ type: EVENT_TYPES[kind].updated, data: { id, fields, changed: change.changed } });
    }
    // Chop into appends; their log order among other streams is random, within the stream it is kept.
    const keys = Array.from({ length: Math.ceil(events.length / EVENTS_PER_APPEND) }, () => rand()).sort((a, b) => a - b);
    keys.forEach((key, u) => {
      const correlationId = uuid();
      const causationId = rand() < 0.9 ? uuid() : null;
      const actor = pick(actors);
      units.push({
        stream,
        firstRevision: u * EVENTS_PER_APPEND,
        key,
        events: events.slice(u * EVENTS_PER_APPEND, (u + 1) * EVENTS_PER_APPEND).map((event) => ({
          id: uuid(),
          type: event.type,
          data: event.data,
          metadata: { actor, occurredAt: '', correlationId, causationId, schemaVersion: 1 },
        })),
      });
    });
  });
  units.sort((a, b) => a.key - b.key);
  const start = Date.UTC(2025, 0, 1);
  let index = 0;
  const sizes: number[] = [];
  for (const unit of units) {
    const occurredAt = new Date(start + index * 20_000).toISOString();
    index += unit.events.length;
    for (const event of unit.events) {
      event.metadata = { ...event.metadata, occurredAt };
      sizes.push(Buffer.byteLength(JSON.stringify(event.data)) + Buffer.byteLength(JSON.stringify(event.metadata)));
    }
  }
  const entities = { year: 0, video: 0, article: 0 };
  for (const kind of kinds) entities[kind] += 1;
  return { units, entities, bytes: { median: median(sizes), max: sizes.reduce((a, b) => Math.max(a, b), 0), total: sizes.reduce((a, b) => a + b, 0) } };
}
