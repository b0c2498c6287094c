import { sql } from 'slonik';

/** slonik only accepts real template literals; this wraps SQL text held in code (never user input). */
const template = (text: string) => {
  const parts = Object.assign([text], { raw: Object.freeze([text]) });
  return Object.freeze(parts) as unknown as TemplateStringsArray;
};

export const rawFragment = (text: string) => sql.fragment(template(text));
