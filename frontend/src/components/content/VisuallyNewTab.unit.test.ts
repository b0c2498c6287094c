import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../testing/server-render';
import { VisuallyNewTab } from './VisuallyNewTab';

/**
 * The note as the server renders it: its span's class, the rule emotion writes for that class, and its text as a
 * screen reader gets it (React's text separators dropped).
 */
const render = (children?: ReactNode) => {
  const html = renderHtml(createElement(VisuallyNewTab, { children }));
  const spans = [...html.matchAll(/<span class="([^"]+)">(.*?)<\/span>/g)];
  const [, className = '', inner = ''] = spans[0] ?? [];
  const rule = html.match(new RegExp(`\\.${className}\\{([^}]*)\\}`))?.[1] ?? '';
  return { spans: spans.length, rule, text: inner.replace(/<!-- -->/g, '') };
};

describe('the new-tab note of a link', () => {
  it('given nothing more to say, then it says, after a space, that the link opens in a new tab', () => {
    expect(render().text).toBe(' (öppnas i en ny flik)');
  });

  it('given what else to say, then it says that first (a video hit: with whom)', () => {
    expect(render(['med ', 'Loreen', ' ']).text).toBe(' med Loreen (öppnas i en ny flik)');
  });

  it('shows nothing: one span, visually hidden (a 1 px box, clipped, out of the flow)', () => {
    const { spans, rule } = render();
    expect(spans).toBe(1);
    expect(rule).toContain('position:absolute');
    expect(rule).toContain('width:1px');
    expect(rule).toContain('clip:rect(0, 0, 0, 0)');
  });
});
