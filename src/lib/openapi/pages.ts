/**
 * How an API's reference is cut into pages. Up to SPLIT_OPERATIONS operations it is one page (`/api/<id>`), as
 * every platform API is today. Above that, one page on its own holds more HTML than a phone parses quickly
 * (DigitalOcean's 663 operations made 10.6 MB), so the reference becomes one page per tag
 * (`/api/<id>/tag/<slug>`, the operations whose first tag it is, as Redoc files them) and `/api/<id>` becomes its
 * overview: the API's description and a list of every operation, linking to its place. Redoc's anchors stay the
 * same on the tag pages (`#tag/<Tag>/operation/<operationId>`), so a link to the one-page address is sent on to
 * the tag page with its fragment unchanged (tagPageRedirect). Plain TypeScript: the build, the browser and the
 * scripts read it.
 */
import {asArray, asObject, asString, operationsOf, operationTag} from './document';
import {apiRoute} from './urls';

/** Above this many operations an API's reference is one page per tag (the container reference, the largest today, has 119). */
export const SPLIT_OPERATIONS = 300;

/** One operation as the overview lists it. */
export interface PageOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  deprecated: boolean;
}

/** One tag page of a split reference. */
export interface TagPage {
  tag: string;
  /** The last segment of its route, unique within the API. */
  slug: string;
  /** `/api/<id>/tag/<slug>`. */
  route: string;
  operations: PageOperation[];
}

/**
 * A tag's slug: lower case without accents, runs of other characters as one hyphen (`Droplet Actions` →
 * `droplet-actions`).
 */
export const tagSlug = (tag: string): string =>
  tag
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'tag';

/** The page of one tag of a split reference. */
export const tagPageRoute = (specId: string, slug: string): string => `${apiRoute(specId)}/tag/${slug}`;

/**
 * The tag pages of a spec, in the order of its `tags` list and then of first use, or `null` when the spec is
 * small enough for one page. Each operation is on the page of its first tag; an operation without a tag is on
 * the page of `default`, as Redoc shows it.
 */
export function tagPages(specId: string, doc: unknown): TagPage[] | null {
  const operations = operationsOf(doc);
  if (operations.length <= SPLIT_OPERATIONS) return null;
  const byTag = new Map<string, PageOperation[]>();
  for (const tag of asArray(asObject(doc)?.tags)) {
    const name = asString(asObject(tag)?.name);
    if (name !== undefined) byTag.set(name, []);
  }
  for (const {operation, method, path, operationId} of operations) {
    const tag = operationTag(operation);
    const list = byTag.get(tag) ?? [];
    byTag.set(tag, list);
    list.push({
      operationId: operationId ?? `${method}-${path}`,
      method: method.toUpperCase(),
      path,
      summary: asString(operation.summary) ?? operationId ?? `${method.toUpperCase()} ${path}`,
      deprecated: operation.deprecated === true,
    });
  }
  const used = new Set<string>();
  const pages: TagPage[] = [];
  for (const [tag, list] of byTag) {
    if (list.length === 0) continue;
    let slug = tagSlug(tag);
    for (let n = 2; used.has(slug); n++) slug = `${tagSlug(tag)}-${n}`;
    used.add(slug);
    pages.push({tag, slug, route: tagPageRoute(specId, slug), operations: list});
  }
  return pages;
}

/**
 * Where a fragment of the one-page address leads on a split reference: `#tag/<Tag>` and anything under it go to
 * that tag's page; other fragments (`#section/...`) stay on the overview (`null`). `targets` maps a tag, as
 * Redoc writes it in an anchor (`Droplet-Actions`) and as the spec names it (`Droplet Actions`, which
 * operationHref writes), to its page and Redoc's anchor of it (`/api/x/tag/droplet-actions#tag/Droplet-Actions`);
 * the rest of the fragment follows unchanged.
 */
export function tagPageRedirect(hash: string, targets: Readonly<Record<string, string>>): string | null {
  const match = /^#tag\/([^/]+)(.*)$/.exec(hash);
  if (!match) return null;
  let tag = match[1]!;
  try {
    tag = decodeURIComponent(tag);
  } catch {
    // A fragment that is not valid percent-encoding is looked up as written.
  }
  const target = Object.prototype.hasOwnProperty.call(targets, tag) ? targets[tag] : undefined;
  return target ? `${target}${match[2]}` : null;
}
