import { describe, expect, it } from 'vitest';
import { NAV_LINKS, navCurrent } from './nav-links';

const currentAt = (pathname: string) =>
  NAV_LINKS.map((link) => [link.label, navCurrent(link, pathname)] as const).filter(([, current]) => current !== undefined);

describe('navCurrent', () => {
  it('marks a list as the page itself', () => {
    expect(currentAt('/')).toEqual([['Hem', 'page']]);
    expect(currentAt('/forum')).toEqual([['Forum', 'page']]);
    expect(currentAt('/video-archive')).toEqual([['Videoarkiv', 'page']]);
  });

  it('marks the section of a page under a list: /lost-media and a post under Forum, a year under År för År, an article under Artiklar', () => {
    expect(currentAt('/lost-media')).toEqual([['Forum', 'true']]);
    expect(currentAt('/forum/post/7f03ea13-d74c-5d65-a0c8-11f11f9bb835')).toEqual([['Forum', 'true']]);
    expect(currentAt('/year/1974')).toEqual([['År för År', 'true']]);
    expect(currentAt('/artist/abba')).toEqual([['År för År', 'true']]);
    expect(currentAt('/article/94b47c7c-0ee3-5db8-9b03-004536f061f2')).toEqual([['Artiklar', 'true']]);
  });

  it('marks nothing on pages of no section', () => {
    expect(currentAt('/search')).toEqual([]);
    expect(currentAt('/forum-x')).toEqual([]);
    expect(currentAt('/nowhere')).toEqual([]);
  });
});
