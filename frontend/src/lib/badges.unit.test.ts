import { describe, expect, it } from 'vitest';
import { articleCategoryLabel, forumCategoryLabel, forumPriorityLabel, videoCategoryLabel, videoPlatformLabel, yearBadge } from './badges';

describe('badge labels', () => {
  it('marks a classic year Klassiker and any other Senaste', () => {
    expect(yearBadge({ isClassic: true })).toBe('Klassiker');
    expect(yearBadge({ isClassic: false })).toBe('Senaste');
  });

  it('names video platforms, showing unknown ones raw', () => {
    expect(videoPlatformLabel('youtube')).toBe('YouTube');
    expect(videoPlatformLabel('svtplay')).toBe('SVT Play');
    expect(videoPlatformLabel('vimeo')).toBe('vimeo');
    expect(videoPlatformLabel('other')).toBe('other');
  });

  it('names article categories, showing unknown ones raw', () => {
    expect(['analysis', 'culture', 'tech', 'history', 'opinion'].map(articleCategoryLabel)).toEqual(['Analys', 'Kultur', 'Teknik', 'Historia', 'opinion']);
  });

  it('names video categories', () => {
    expect(['winner', 'classic', 'backstage', 'interview', 'lost-media'].map(videoCategoryLabel)).toEqual([
      'Vinnare',
      'Klassiker',
      'Backstage',
      'Intervju',
      'Lost Media',
    ]);
  });

  it('names forum priorities and categories', () => {
    expect(['critical', 'high', 'medium', 'low'].map(forumPriorityLabel)).toEqual(['Kritisk', 'Högt', 'Medium', 'Lågt']);
    expect(['lost-media', 'found', 'tips', 'general'].map(forumCategoryLabel)).toEqual(['Lost Media', 'Hittat', 'Tips', 'Allmänt']);
  });

  it('does not mistake inherited object keys for labels', () => {
    expect(videoPlatformLabel('toString')).toBe('toString');
    expect(articleCategoryLabel('constructor')).toBe('constructor');
  });
});
