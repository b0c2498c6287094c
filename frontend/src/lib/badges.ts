/** The Swedish labels the screens put on badges (spec sections 2, 3 and 9). Unknown values are shown raw. */

/** A year card: 'Klassiker' when isClassic, otherwise 'Senaste'. */
export function yearBadge(year: { isClassic: boolean }): 'Klassiker' | 'Senaste' {
  return year.isClassic ? 'Klassiker' : 'Senaste';
}

const label = (labels: Record<string, string>) => (value: string) => (Object.hasOwn(labels, value) ? (labels[value] as string) : value);

export const videoPlatformLabel = label({ youtube: 'YouTube', svtplay: 'SVT Play' });

export const articleCategoryLabel = label({ analysis: 'Analys', culture: 'Kultur', tech: 'Teknik', history: 'Historia' });

export const videoCategoryLabel = label({
  winner: 'Vinnare',
  classic: 'Klassiker',
  backstage: 'Backstage',
  interview: 'Intervju',
  'lost-media': 'Lost Media',
});

export const forumPriorityLabel = label({ critical: 'Kritisk', high: 'Högt', medium: 'Medium', low: 'Lågt' });

export const forumCategoryLabel = label({ 'lost-media': 'Lost Media', found: 'Hittat', tips: 'Tips', general: 'Allmänt' });
