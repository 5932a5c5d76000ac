/**
 * What the MCP server knows of the portal: the files a build writes for
 * assistants (issue 23), read from a built site folder or from a deployed
 * portal's address:
 *
 * - `/markdown-twins.json`: the docs and API references with their twins;
 * - the site search's index (`/search/manifest.json` names it): docs, operations,
 *   schemas and API changes, ranked here by the same `runSearch` as the site's box;
 * - the twins themselves (`<page>.md`, `/api/<service>/<operationId>.md`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  loadSearchIndex,
  runSearch,
  storedRecords,
  type SearchEngine,
  type SearchHit,
  type SerializedSearchIndex,
} from '../../src/lib/search/engine';
import {SEARCH_MANIFEST_URL, type SearchManifest} from '../../src/lib/search/urls';
import type {ChangeEntry} from '../../src/lib/api-changes/entry';
import type {OperationHeadline} from '../../src/lib/openapi/markdown';
import {changesJsonUrl, MARKDOWN_TWINS_INDEX_URL} from '../../src/lib/openapi/urls';
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

export interface OperationInfo extends OperationHeadline {
  service: string;
  /** The address of the operation's twin, site-relative. */
  markdown: string;
  deprecated: boolean;
}

export class Portal {
  private index?: Promise<TwinsIndex>;
  private searchIndex?: Promise<{serialized: SerializedSearchIndex; engine: SearchEngine}>;

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

  /** The site search's index, as the navbar box loads it. */
  search(): Promise<{serialized: SerializedSearchIndex; engine: SearchEngine}> {
    return this.once(
      () => this.searchIndex,
      (value) => (this.searchIndex = value),
      async () => {
        const manifest = await this.json<SearchManifest>(SEARCH_MANIFEST_URL);
        const serialized = await this.json<SerializedSearchIndex>(manifest.indexUrl);
        try {
          return {serialized, engine: loadSearchIndex(serialized)};
        } catch (error) {
          throw new PortalError(`${manifest.indexUrl} of ${this.where}: ${(error as Error).message}`);
        }
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
    const {serialized} = await this.search();
    const prefix = `operation:${api.id}:`;
    return storedRecords(serialized)
      .filter((record) => record.id.startsWith(prefix))
      .map((record) => ({
        service: api.id,
        operationId: record.id.slice(prefix.length),
        method: record.method ?? '',
        path: record.path ?? '',
        summary: record.title,
        tag: record.tag ?? 'default',
        markdown: record.markdown,
        deprecated: record.deprecated === true,
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

  /** The site search's answer to `query`, in the same order as the navbar box gives it. */
  async find(query: string, limit: number): Promise<SearchHit[]> {
    const {engine} = await this.search();
    return runSearch(engine, query, limit);
  }
}
