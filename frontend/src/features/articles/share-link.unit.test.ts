import { describe, expect, it } from 'vitest';
import { shareLink, type ShareTarget } from './share-link';

const target: ShareTarget = { title: 'Artikel', text: 'Ingress', url: 'https://melloarkivet.se/article/1' };

const abort = () => Object.assign(new Error('closed'), { name: 'AbortError' });

describe('shareLink', () => {
  it('uses the share sheet when the browser has one', async () => {
    const shared: ShareTarget[] = [];
    const copied: string[] = [];
    const outcome = await shareLink(target, {
      share: async (data) => void shared.push(data),
      writeText: async (text) => void copied.push(text),
    });
    expect(outcome).toBe('shared');
    expect(shared).toEqual([target]);
    expect(copied).toEqual([]);
  });

  it('copies the link when there is no share sheet', async () => {
    const copied: string[] = [];
    const outcome = await shareLink(target, { writeText: async (text) => void copied.push(text) });
    expect(outcome).toBe('copied');
    expect(copied).toEqual([target.url]);
  });

  it('copies the link when the browser says it cannot share this', async () => {
    const copied: string[] = [];
    const outcome = await shareLink(target, {
      share: async () => {
        throw new Error('should not be called');
      },
      canShare: () => false,
      writeText: async (text) => void copied.push(text),
    });
    expect(outcome).toBe('copied');
    expect(copied).toEqual([target.url]);
  });

  it('does nothing more when the visitor closes the share sheet', async () => {
    const copied: string[] = [];
    const outcome = await shareLink(target, {
      share: async () => {
        throw abort();
      },
      writeText: async (text) => void copied.push(text),
    });
    expect(outcome).toBe('cancelled');
    expect(copied).toEqual([]);
  });

  it('falls back to copying when sharing is refused for another reason', async () => {
    const copied: string[] = [];
    const outcome = await shareLink(target, {
      share: async () => {
        throw Object.assign(new Error('denied'), { name: 'NotAllowedError' });
      },
      writeText: async (text) => void copied.push(text),
    });
    expect(outcome).toBe('copied');
    expect(copied).toEqual([target.url]);
  });

  it('reports failure when neither sharing nor copying works', async () => {
    expect(await shareLink(target, {})).toBe('failed');
    expect(
      await shareLink(target, {
        writeText: async () => {
          throw new Error('no clipboard permission');
        },
      }),
    ).toBe('failed');
  });
});
