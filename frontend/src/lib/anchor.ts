/** The element id an address's anchor names ('#del12' → 'del12'); null for none, or a malformed one (%E0…) that names nothing. */
export function anchorId(hash: string): string | null {
  if (hash.length <= 1) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/**
 * Goes to the anchor's element once a screen has rendered it. The browser's own jump happens at load, before the
 * screen's data (or its layout for this screen size) is there, and a link inside the app does not jump at all.
 */
export function scrollToAnchor(hash: string): void {
  const id = anchorId(hash);
  if (id !== null) document.getElementById(id)?.scrollIntoView();
}
