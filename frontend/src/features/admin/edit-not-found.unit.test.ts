import { describe, expect, it } from 'vitest';
import { editNotFoundTexts } from './edit-not-found';

describe('editNotFoundTexts', () => {
  it('given a year, says "det" (ett år), and leads back to the År tab', () => {
    expect(editNotFoundTexts('year')).toEqual({
      title: 'År hittades inte',
      description: 'Det kan ha raderats, eller så är länken fel.',
      backTo: '/admin?tab=ar',
    });
  });

  it('given a video or an article, says "den" (en video, en artikel)', () => {
    expect(editNotFoundTexts('video').description).toBe('Den kan ha raderats, eller så är länken fel.');
    expect(editNotFoundTexts('article')).toMatchObject({ title: 'Artikel hittades inte', backTo: '/admin?tab=artiklar' });
  });
});
