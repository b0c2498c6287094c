/** A /year/{year} address's parameter as a number (up to four digits), else NaN: '/year/01957' is year 1957. */
export const yearNumberOf = (param: string): number => (/^\d{1,4}$/.test(param) ? Number(param) : Number.NaN);

/** The year as titles and loading lines name it: the number when it is one, anything else as written. */
export const yearLabelOf = (param: string): string => {
  const year = yearNumberOf(param);
  return Number.isNaN(year) ? param : String(year);
};
