/**
 * src/lib/dateFormat.ts: the theme's English dates have the same text as Intl.DateTimeFormat's, without
 * creating one; other locales and options are Intl.DateTimeFormat's own.
 */
import {describe, expect, it} from 'vitest';
import {dateTimeFormat} from '../../src/lib/dateFormat';

/** The option sets the theme passes to useDateTimeFormat (LastUpdated, the blog post header, the blog archive). */
const THEME_FORMS: Intl.DateTimeFormatOptions[] = [
  {calendar: 'gregory', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'},
  {calendar: 'gregory', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'},
  {calendar: 'gregory', day: 'numeric', month: 'long', timeZone: 'UTC'},
  {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'},
];

const DAY = 24 * 60 * 60 * 1000;

/** Every day of a leap year and of the years around it, at a minute before and after midnight UTC. */
const days: Date[] = [];
for (let time = Date.UTC(2023, 0, 1); time < Date.UTC(2026, 0, 1); time += DAY) {
  days.push(new Date(time + 60_000), new Date(time + DAY - 60_000));
}
days.push(new Date(Date.UTC(1970, 0, 1)), new Date(Date.UTC(2099, 11, 31, 23, 59)), new Date(Date.UTC(1000, 5, 15)));

describe('dateTimeFormat', () => {
  for (const options of THEME_FORMS) {
    it(`writes the same text as Intl.DateTimeFormat for ${JSON.stringify(options)}`, () => {
      const ours = dateTimeFormat('en', options);
      expect(ours).not.toBeInstanceOf(Intl.DateTimeFormat);
      const intl = new Intl.DateTimeFormat('en', options);
      const differences = days
        .map((date) => [date.toISOString(), ours.format(date), intl.format(date)] as const)
        .filter(([, a, b]) => a !== b);
      expect(differences).toEqual([]);
    });
  }

  it('takes milliseconds as Intl does, and the present when given nothing', () => {
    const ours = dateTimeFormat('en', THEME_FORMS[0]);
    const intl = new Intl.DateTimeFormat('en', THEME_FORMS[0]);
    expect(ours.format(Date.UTC(2026, 10, 26))).toBe('Nov 26, 2026');
    expect(ours.format()).toBe(intl.format());
  });

  it('keeps Intl.DateTimeFormat for years outside four digits and throws as it does for an invalid date', () => {
    const ours = dateTimeFormat('en', THEME_FORMS[1]);
    const intl = new Intl.DateTimeFormat('en', THEME_FORMS[1]);
    const ancient = new Date(Date.UTC(2000, 0, 1));
    ancient.setUTCFullYear(812);
    expect(ours.format(ancient)).toBe(intl.format(ancient));
    expect(() => ours.format(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('hands other locales, time zones, calendars and options to Intl.DateTimeFormat', () => {
    for (const [locale, options] of [
      ['en-GB', THEME_FORMS[0]],
      ['de', THEME_FORMS[0]],
      ['en', {...THEME_FORMS[0], timeZone: 'Europe/Tallinn'}],
      ['en', {...THEME_FORMS[0], calendar: 'buddhist'}],
      ['en', {...THEME_FORMS[0], weekday: 'long'}],
      ['en', {day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC'}],
      ['en', {month: 'numeric', day: 'numeric', timeZone: 'UTC'}],
    ] as const) {
      const format = dateTimeFormat(locale, options);
      expect(format, `${locale} ${JSON.stringify(options)}`).toBeInstanceOf(Intl.DateTimeFormat);
    }
    // British English writes "Sept": a reason not to take "en-*" for "en".
    expect(dateTimeFormat('en-GB', THEME_FORMS[0]).format(Date.UTC(2025, 8, 2))).toBe(
      new Intl.DateTimeFormat('en-GB', THEME_FORMS[0]).format(Date.UTC(2025, 8, 2)),
    );
  });
});
