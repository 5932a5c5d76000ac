/**
 * Routes that the services register with a trailing slash (e.g. the
 * container service's `POST /api/timestamping/`). The hand-written OpenAPI
 * files write such a path without the slash, because `redocly lint`'s
 * recommended rules reject trailing slashes, and mark the path item with
 * `x-trailing-slash: true`. The copies made from them at build time (the
 * rendered reference with its code samples, the Postman collection and the
 * search index) put the slash back, so that what a reader copies is the
 * address the service answers on.
 */
export const TRAILING_SLASH_EXTENSION = 'x-trailing-slash';

/** A copy of the document whose marked paths end in a slash (key order kept); the document is not changed. */
export function withTrailingSlashes<T extends Record<string, unknown>>(doc: T): T {
  const paths = doc.paths;
  if (typeof paths !== 'object' || paths === null) return doc;
  const entries = Object.entries(paths as Record<string, unknown>);
  const marked = (item: unknown) =>
    typeof item === 'object' && item !== null && (item as Record<string, unknown>)[TRAILING_SLASH_EXTENSION] === true;
  if (!entries.some(([, item]) => marked(item))) return doc;
  const renamed = entries.map(([key, item]): [string, unknown] => {
    if (!marked(item) || key.endsWith('/')) return [key, item];
    const target = `${key}/`;
    if (target in paths) throw new Error(`${TRAILING_SLASH_EXTENSION} on ${key}: the path ${target} exists too`);
    return [target, item];
  });
  return {...doc, paths: Object.fromEntries(renamed)};
}
