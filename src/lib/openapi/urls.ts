/**
 * Every address the portal gives an API: its reference page, the anchor of an
 * operation in it, and the files made from its spec at build time (served
 * under /openapi/). The build writes to these addresses and the pages and
 * tests read from them, all through this module.
 */

/** The reference page of a spec (/api/<file name under openapi/>). */
export const apiRoute = (specId: string): string => `/api/${specId}`;

/** Redoc's anchor of an operation: `tag/<tag>/operation/<operationId>` (as Redoc writes it, not encoded). */
export const operationAnchor = (tag: string, operationId: string): string => `tag/${tag}/operation/${operationId}`;

/** The address of an operation in its reference page. */
export const operationHref = (specId: string, op: {tag: string; operationId: string}): string =>
  `${apiRoute(specId)}#${operationAnchor(op.tag, op.operationId)}`;

/** The downloadable files of a spec: as written (YAML), as JSON, and as a Postman collection. */
export type DownloadFormat = 'yaml' | 'json' | 'postman';

export const specDownloadUrl = (specId: string, format: DownloadFormat): string =>
  format === 'postman' ? `/openapi/${specId}.postman.json` : `/openapi/${specId}.${format}`;

/**
 * The spec as Redoc renders it (with the generated code samples), as JSON. The
 * browser loads it only when the interactive reference starts, so no spec is
 * part of any page's JavaScript.
 */
export const renderedSpecUrl = (specId: string): string => `/openapi/rendered/${specId}.json`;

/** The request models of a spec's operations, for the Try it console. */
export const tryItModelUrl = (specId: string): string => `/openapi/try-it/${specId}.json`;

/** The change history of one API (`/api/<id>/changes`), or of all APIs without an id (`/api/changes`). */
export const changesUrl = (specId?: string): string => (specId ? `${apiRoute(specId)}/changes` : '/api/changes');

/** One entry of an API's change history: its anchor is the version's revision (`2026-11-25`, `2026-11-25-2`). */
export const changeEntryHref = (specId: string, revision: string): string => `${changesUrl(specId)}#${revision}`;

/** The RSS or Atom feed of one API's change history, or of all APIs. */
export const changesFeedUrl = (specId: string | undefined, format: 'rss' | 'atom'): string =>
  `${changesUrl(specId)}/${format}.xml`;

/** One API's change history as JSON (its entries, newest first), for tools such as the MCP server. */
export const changesJsonUrl = (specId: string): string => `${changesUrl(specId)}/entries.json`;

/** The page comparing two recorded versions of one API. */
export const compareUrl = (specId: string, from: string, to: string): string =>
  `${changesUrl(specId)}/compare/${from}/${to}`;

/** The spec of one recorded version, as written (YAML) or as JSON. */
export const specVersionUrl = (specId: string, revision: string, format: 'yaml' | 'json'): string =>
  `/openapi/versions/${specId}/${revision}.${format}`;

/**
 * The Markdown twins: every page and operation as clean Markdown at
 * its HTML address plus `.md`, for coding assistants. The build writes them,
 * nginx serves them to a request that prefers text/markdown, and the buttons
 * and the MCP server read them, all at these addresses.
 */
export const apiMarkdownUrl = (specId: string): string => `${apiRoute(specId)}.md`;

/** The twin of one operation: `/api/<service>/<operationId>.md` (the id URL-encoded). */
export const operationMarkdownUrl = (specId: string, operationId: string): string =>
  `${apiRoute(specId)}/${encodeURIComponent(operationId)}.md`;

/** The twin of a page at `permalink` (a doc: `/docs/Archive%20Service` → `/docs/Archive%20Service.md`). */
export const pageMarkdownUrl = (permalink: string): string => `${permalink.replace(/\/+$/, '')}.md`;

/** What the build knows of its twins (docs and APIs), for the MCP server (scripts/mcp). */
export const MARKDOWN_TWINS_INDEX_URL = '/markdown-twins.json';
