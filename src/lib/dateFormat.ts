/**
 * Dates as the theme shows them ("Last updated on Nov 26, 2026" under a doc, a blog post's date, the blog
 * archive), formatted without `Intl.DateTimeFormat` for the English forms the theme asks for.
 *
 * Why: the first `Intl.DateTimeFormat` a page creates makes Chromium load its date and time-zone data, 50 to
 * 90 ms of main-thread time on a desktop CPU. Docusaurus's theme creates one while it hydrates a doc (for the
 * "Last updated" line), and that single call was the longest task of a doc page's load. The theme reaches
 * `Intl.DateTimeFormat` through one hook, `useDateTimeFormat` of `@docusaurus/theme-common`, which a patch of the
 * table (src/plugins/dependency-patches/patches.ts) points here.
 *
 * Only the forms whose text is certain are formatted here: English, the Gregorian calendar, UTC, the day as a
 * number, the month's name in full or short, the year as a number or left out. Any other locale or option goes
 * to `Intl.DateTimeFormat` as before. tests/unit/date-format.test.ts holds the output equal to
 * `Intl.DateTimeFormat`'s for every day of several years.
 */

/** What the theme calls on a date format. */
export interface DateFormat {
  format(date?: Date | number): string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** English short month names ("Sep", where British English writes "Sept"). */
const shortMonth = (name: string) => name.slice(0, 3);

/** The options of the forms formatted here, or null when `Intl.DateTimeFormat` must do it. */
function englishForm(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): {month: 'long' | 'short'; year: boolean} | null {
  const {calendar, timeZone, day, month, year, ...others} = options;
  if (locale !== 'en' || Object.keys(others).length > 0) return null;
  if ((calendar !== undefined && calendar !== 'gregory') || timeZone !== 'UTC' || day !== 'numeric') return null;
  if (month !== 'long' && month !== 'short') return null;
  if (year !== undefined && year !== 'numeric') return null;
  return {month, year: year === 'numeric'};
}

/** `new Intl.DateTimeFormat(locale, options)`, without creating one for the theme's English forms. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): DateFormat {
  const form = englishForm(locale, options);
  if (!form) return new Intl.DateTimeFormat(locale, options);
  return {
    format(value = Date.now()) {
      const date = new Date(value);
      const year = date.getUTCFullYear();
      // Invalid dates (Intl throws) and years outside four digits keep Intl's own text.
      if (Number.isNaN(year) || year < 1000 || year > 9999)
        return new Intl.DateTimeFormat(locale, options).format(date);
      const name = MONTHS[date.getUTCMonth()]!;
      const monthDay = `${form.month === 'short' ? shortMonth(name) : name} ${date.getUTCDate()}`;
      return form.year ? `${monthDay}, ${year}` : monthDay;
    },
  };
}
