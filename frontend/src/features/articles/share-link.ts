/**
 * 'Dela' (product decision 6): the Web Share API where the browser has it, otherwise the link is copied.
 * The browser's capabilities are passed in, so the choice can be tested without a browser.
 */
export type ShareTarget = { title: string; text?: string; url: string };

export type ShareCapabilities = {
  share?: ((data: ShareTarget) => Promise<void>) | undefined;
  canShare?: ((data: ShareTarget) => boolean) | undefined;
  writeText?: ((text: string) => Promise<void>) | undefined;
};

/** shared: the share sheet was used; cancelled: the visitor closed it; copied: the link is on the clipboard. */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

export async function shareLink(target: ShareTarget, browser: ShareCapabilities): Promise<ShareOutcome> {
  if (browser.share && (!browser.canShare || browser.canShare(target))) {
    try {
      await browser.share(target);
      return 'shared';
    } catch (error) {
      // Closing the share sheet is a choice, not a failure: nothing to copy, nothing to report.
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
      // Any other refusal (e.g. not allowed in this context) falls through to copying the link.
    }
  }
  if (!browser.writeText) return 'failed';
  try {
    await browser.writeText(target.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** What the running browser offers, bound so the methods keep their `this`. */
export function browserShareCapabilities(): ShareCapabilities {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    share: typeof nav?.share === 'function' ? (data) => nav.share(data) : undefined,
    canShare: typeof nav?.canShare === 'function' ? (data) => nav.canShare(data) : undefined,
    writeText: nav?.clipboard?.writeText ? (text) => nav.clipboard.writeText(text) : undefined,
  };
}
