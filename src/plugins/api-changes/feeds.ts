/**
 * RSS 2.0 and Atom feeds of the API change history: one item per entry,
 * newest first, each linking to the entry on its API's history page.
 */
import {digest, isBreaking, updateOfDay, type ChangeEntry} from '../../lib/api-changes/entry';
import {changeEntryHref} from '../../lib/openapi/urls';

export interface FeedEntry extends ChangeEntry {
  specId: string;
  label: string;
}

export interface Feed {
  title: string;
  description: string;
  /** Absolute URL of the page the feed belongs to. */
  pageUrl: string;
  /** Absolute URL of the feed itself. */
  selfUrl: string;
  entries: readonly FeedEntry[];
}

const escapeXml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Service, version and day; a second update of the same day says so, so that no two items share a title. */
export const itemTitle = (entry: FeedEntry): string => {
  const n = updateOfDay(entry);
  return `${entry.label}, version ${entry.versionAfter}, ${entry.date}${n > 1 ? ` (update ${n} of the day)` : ''}${isBreaking(entry) ? ': breaking changes' : entry.documentationOnly ? ': documentation only' : ''}`;
};

const itemText = (entry: FeedEntry): string =>
  [entry.note, digest(entry, entry.previous === undefined)].filter(Boolean).join(' ');

/** The entries' site origin joined to a path of the site. */
const absolute = (siteUrl: string, path: string): string => `${siteUrl.replace(/\/$/, '')}${path}`;

export const entryUrl = (siteUrl: string, entry: FeedEntry): string =>
  absolute(siteUrl, changeEntryHref(entry.specId, entry.revision));

/**
 * When an entry was published: its commit's time; an entry without one (written
 * by hand) gets midnight UTC of its day plus a minute per earlier update that
 * day, so that two updates of one day keep their order and differ.
 */
export const publishedAt = (entry: ChangeEntry): Date =>
  entry.published !== undefined
    ? new Date(entry.published)
    : new Date(Date.parse(`${entry.date}T00:00:00Z`) + (updateOfDay(entry) - 1) * 60_000);

export function rssFeed(feed: Feed, siteUrl: string): string {
  const items = feed.entries.map(
    (entry) => `    <item>
      <title>${escapeXml(itemTitle(entry))}</title>
      <link>${escapeXml(entryUrl(siteUrl, entry))}</link>
      <guid isPermaLink="true">${escapeXml(entryUrl(siteUrl, entry))}</guid>
      <pubDate>${publishedAt(entry).toUTCString()}</pubDate>
      <category>${escapeXml(entry.label)}</category>
      <description>${escapeXml(itemText(entry))}</description>
    </item>`,
  );
  const latest = feed.entries[0];
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(feed.pageUrl)}</link>
    <description>${escapeXml(feed.description)}</description>
    <language>en</language>
    <atom:link href="${escapeXml(feed.selfUrl)}" rel="self" type="application/rss+xml"/>
${latest ? `    <lastBuildDate>${publishedAt(latest).toUTCString()}</lastBuildDate>\n` : ''}${items.join('\n')}
  </channel>
</rss>
`;
}

export function atomFeed(feed: Feed, siteUrl: string): string {
  const entries = feed.entries.map(
    (entry) => `  <entry>
    <title>${escapeXml(itemTitle(entry))}</title>
    <id>${escapeXml(entryUrl(siteUrl, entry))}</id>
    <link href="${escapeXml(entryUrl(siteUrl, entry))}"/>
    <updated>${publishedAt(entry).toISOString()}</updated>
    <category term="${escapeXml(entry.specId)}" label="${escapeXml(entry.label)}"/>
    <summary>${escapeXml(itemText(entry))}</summary>
  </entry>`,
  );
  const updated = feed.entries[0] ? publishedAt(feed.entries[0]) : new Date(0);
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${escapeXml(feed.title)}</title>
  <subtitle>${escapeXml(feed.description)}</subtitle>
  <id>${escapeXml(feed.pageUrl)}</id>
  <link href="${escapeXml(feed.pageUrl)}"/>
  <link rel="self" href="${escapeXml(feed.selfUrl)}"/>
  <updated>${updated.toISOString()}</updated>
  <author><name>Developer Portal</name></author>
${entries.join('\n')}
</feed>
`;
}
