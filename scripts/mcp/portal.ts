/**
 * What the MCP server knows of the portal: the files a build writes for
 * assistants (issue 23), read from a built site folder or from a deployed
 * portal's address:
 *
 * - `/markdown-twins.json`: the docs and API references with their twins;
 * - `/openapi/search-index.json`: every operation, as the site's API search
 *   loads it, ranked here by the same `searchApi`;
 * - the twins themselves (`<page>.md`, `/api/<service>/<operationId>.md`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {searchApi, type ApiSearchHit, type ApiSearchIndex} from '../../src/lib/openapi/searchIndex';
import type {ChangeEntry} from '../../src/lib/api-changes/entry';
import type {OperationHeadline} from '../../src/lib/openapi/markdown';
import {
  API_SEARCH_INDEX_URL,
  changesJsonUrl,
  MARKDOWN_TWINS_INDEX_URL,
  operationMarkdownUrl,
} from '../../src/lib/openapi/urls';
import type {TwinEntry, TwinsIndex} from '../../src/plugins/markdown-twins';

/** A problem to report to the assistant as a tool error (not a crash). */
export class PortalError extends Error {}

/** Reads a site path (`/docs/Archive%20Service.md`) as text. */
export type SiteReader = (sitePath: string) => Promise<string>;

/** The files of a built site folder (`build/` by default). */
export function folderReader(dir: string): SiteReader {
  const root = path.resolve(dir);
  return async (sitePath) => {
    const file = path.join(root, decodeURIComponent(sitePath));
    if (file !== root && !file.startsWith(`${root}${path.sep}`))
      throw new PortalError(`${sitePath} is outside the site`);
    try {
      return await fs.readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT')
        throw new PortalError(`${sitePath} is not in the site folder ${root} (is it a build of the portal?)`);
      throw new PortalError(`Cannot read ${file}: ${(error as Error).message}`);
    }
  };
}

/** The files of a deployed portal, fetched over HTTP(S) with a time limit. */
export function urlReader(base: string, timeoutMs = 15_000): SiteReader {
  const origin = base.replace(/\/+$/, '');
  return async (sitePath) => {
    const url = `${origin}${sitePath}`;
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: {Accept: 'text/markdown, application/json;q=0.9'},
      });
    } catch (error) {
      const cause = (error as {cause?: {code?: string; message?: string}}).cause;
      throw new PortalError(
        `Cannot reach the portal at ${origin}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      );
    }
    if (!response.ok) throw new PortalError(`${url} answered HTTP ${response.status}`);
    return response.text();
  };
}

export interface DocHit {
  doc: TwinEntry;
  /** The heading of the best-matching section, when it is not the title. */
  heading?: string;
  score: number;
}

export interface OperationInfo extends OperationHeadline {
  service: string;
  /** The address of the operation's twin, site-relative. */
  markdown: string;
}

const words = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The docs matching every word of the query, best first: the whole query in
 * the title, then every word in the title, then every word in one heading,
 * then every word somewhere in the text; ties go to the doc that uses the
 * words most often.
 */
export function rankDocs(docs: {doc: TwinEntry; markdown: string}[], query: string, limit: number): DocHit[] {
  const terms = words(query);
  if (terms.length === 0) return [];
  const phrase = terms.join(' ');
  const hits: (DocHit & {count: number})[] = [];
  for (const {doc, markdown} of docs) {
    const text = markdown.toLowerCase();
    if (!terms.every((term) => text.includes(term) || doc.title.toLowerCase().includes(term))) continue;
    const title = doc.title.toLowerCase();
    const headings = markdown
      .split('\n')
      .filter((line) => /^#{2,6} /.test(line))
      .map((line) => line.replace(/^#+ /, ''));
    const heading = headings.find((line) => terms.every((term) => line.toLowerCase().includes(term)));
    const score = title.includes(phrase) ? 0 : terms.every((term) => title.includes(term)) ? 1 : heading ? 2 : 3;
    const count = terms.reduce((sum, term) => sum + text.split(term).length - 1, 0);
    hits.push({doc, score, count, ...(heading && score >= 2 ? {heading} : {})});
  }
  return hits
    .sort((a, b) => a.score - b.score || b.count - a.count)
    .slice(0, limit)
    .map(({count: _count, ...hit}) => hit);
}

export class Portal {
  private index?: Promise<TwinsIndex>;
  private apiIndex?: Promise<ApiSearchIndex>;
  private docTexts?: Promise<{doc: TwinEntry; markdown: string}[]>;

  constructor(
    private readonly read: SiteReader,
    /** Where the portal is, for messages. */
    readonly where: string,
  ) {}

  private json<T>(sitePath: string): Promise<T> {
    return this.read(sitePath).then((text) => {
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new PortalError(
          `${sitePath} of ${this.where} is not JSON: is this a build of the portal with Markdown twins?`,
        );
      }
    });
  }

  /** Loads once; a failed load is tried again on the next call (the portal may be back). */
  private once<T>(
    get: () => Promise<T> | undefined,
    set: (value: Promise<T> | undefined) => void,
    load: () => Promise<T>,
  ) {
    let value = get();
    if (!value) {
      value = load();
      set(value);
      value.catch(() => set(undefined));
    }
    return value;
  }

  twins(): Promise<TwinsIndex> {
    return this.once(
      () => this.index,
      (value) => (this.index = value),
      () => this.json<TwinsIndex>(MARKDOWN_TWINS_INDEX_URL),
    );
  }

  apiSearchIndex(): Promise<ApiSearchIndex> {
    return this.once(
      () => this.apiIndex,
      (value) => (this.apiIndex = value),
      () => this.json<ApiSearchIndex>(API_SEARCH_INDEX_URL),
    );
  }

  private docs(): Promise<{doc: TwinEntry; markdown: string}[]> {
    return this.once(
      () => this.docTexts,
      (value) => (this.docTexts = value),
      async () => {
        const {docs} = await this.twins();
        return Promise.all(docs.map(async (doc) => ({doc, markdown: await this.read(doc.markdown)})));
      },
    );
  }

  /** An API by its id (`dmss-archive-service`) or its name (`Archive Service`), any case. */
  async service(name: string): Promise<TwinsIndex['apis'][number]> {
    const {apis} = await this.twins();
    const wanted = name.trim().toLowerCase();
    const found = apis.find((api) => api.id.toLowerCase() === wanted || api.title.toLowerCase() === wanted);
    if (!found) {
      throw new PortalError(
        `Unknown service "${name}". The services: ${apis.map((api) => `${api.id} (${api.title})`).join(', ')}.`,
      );
    }
    return found;
  }

  /** The recorded versions of an API (api-changes/), newest first, as the build publishes them. */
  async changes(service: string): Promise<ChangeEntry[]> {
    const api = await this.service(service);
    const history = await this.json<{entries?: ChangeEntry[]}>(changesJsonUrl(api.id));
    return history.entries ?? [];
  }

  async operations(service: string): Promise<OperationInfo[]> {
    const api = await this.service(service);
    const index = await this.apiSearchIndex();
    const s = index.specs.findIndex((spec) => spec.id === api.id);
    return index.operations
      .filter((op) => op.s === s)
      .map((op) => ({
        service: api.id,
        operationId: op.operationId,
        method: op.method,
        path: op.path,
        summary: op.summary,
        tag: op.tag,
        markdown: operationMarkdownUrl(api.id, op.operationId),
      }));
  }

  async readOperation(service: string, operationId: string): Promise<string> {
    const operations = await this.operations(service);
    const wanted = operationId.trim();
    const op =
      operations.find((item) => item.operationId === wanted) ??
      operations.find((item) => item.operationId.toLowerCase() === wanted.toLowerCase());
    if (!op) {
      throw new PortalError(
        `No operation "${operationId}" in ${operations[0]?.service ?? service}. Call list_operations to see its ${operations.length} operations.`,
      );
    }
    return this.read(op.markdown);
  }

  /**
   * A page as Markdown: a doc by its title or address (`/docs/Archive Service`,
   * with or without `%20`, with or without the portal's origin), or an API
   * reference by its service id, name or address (`/api/dmss-archive-service`).
   */
  async readPage(page: string): Promise<string> {
    const {docs, apis} = await this.twins();
    const wanted = page.trim();
    let address = wanted
      .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '')
      .replace(/\.md$/, '')
      .replace(/[?#].*$/, '');
    try {
      address = encodeURI(decodeURI(address));
    } catch {
      // Not a valid address: matched as a title below.
    }
    const lower = wanted.toLowerCase();
    const entry: TwinEntry | undefined =
      docs.find((doc) => doc.url === address || doc.title.toLowerCase() === lower) ??
      apis.find((api) => api.url === address || api.id === lower || api.title.toLowerCase() === lower);
    if (!entry) {
      throw new PortalError(
        `No page "${page}". Give a doc title or address, or an API service: docs are ${docs.map((doc) => doc.title).join(', ')}; APIs are ${apis.map((api) => api.id).join(', ')}.`,
      );
    }
    return this.read(entry.markdown);
  }

  async search(query: string, limit: number): Promise<{operations: ApiSearchHit[]; docs: DocHit[]}> {
    const [index, docs] = await Promise.all([this.apiSearchIndex(), this.docs()]);
    return {operations: searchApi(index, query, limit), docs: rankDocs(docs, query, limit)};
  }
}
