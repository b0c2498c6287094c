/**
 * Article slug rule of spec section 5: the lowercased title with every run of characters other than
 * a-z, 0-9, å, ä, ö replaced by one hyphen. Leading and trailing hyphens are dropped so a slug never
 * starts or ends with one.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9åäö]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export const SLUG_PATTERN = /^[a-z0-9åäö]+(?:-[a-z0-9åäö]+)*$/;
