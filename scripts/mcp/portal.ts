/**
 * What the MCP server knows of the portal: the files a build writes for
 * assistants, read from a built site folder or from a deployed
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
import {OPERATIONS_IN_FULL, type OperationHeadline} from '../../src/lib/openapi/markdown';
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

/** The most a read_page result holds, in bytes of UTF-8 (with the line on the next part): about 100 KB. */
export const MAX_RESULT_BYTES = 100 * 1024;
/** Room kept in each part for the line that says how to read the next one. */
const PART_NOTE_BYTES = 512;

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
const kilobytes = (text: string): string => (bytes(text) / 1024).toFixed(0);
const fitsOneResult = (text: string, maxBytes: number): boolean => bytes(text) <= maxBytes;

/**
 * A text cut into parts of at most `maxBytes` (less the room for the note on the next part): at headings
 * outside code blocks where it can, else at line ends, else (a single line longer than a part) anywhere.
 */
export function splitIntoParts(text: string, maxBytes: number = MAX_RESULT_BYTES): string[] {
  if (bytes(text) <= maxBytes) return [text];
  const room = maxBytes - PART_NOTE_BYTES;
  const blocks: string[] = [];
  let fence: string | undefined;
  let block: string[] = [];
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
    } else if (fence === undefined && /^#{1,6} /.test(line) && block.length > 0) {
      blocks.push(`${block.join('\n')}\n`);
      block = [];
    }
    block.push(line);
  }
  blocks.push(block.join('\n'));
  // A block larger than a part is cut at line ends, a line larger than a part anywhere.
  const pieces = blocks.flatMap((piece) => (bytes(piece) <= room ? [piece] : cut(piece, room)));
  const parts: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current !== '' && bytes(current) + bytes(piece) > room) {
      parts.push(current);
      current = '';
    }
    current += piece;
  }
  if (current !== '') parts.push(current);
  return parts;
}

function cut(text: string, room: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const line of text.split(/(?<=\n)/)) {
    if (bytes(line) > room) {
      if (current !== '') out.push(current);
      current = '';
      // Characters, not bytes: a quarter of the room holds any UTF-8 character.
      const step = Math.floor(room / 4);
      for (let start = 0; start < line.length; start += step) out.push(line.slice(start, start + step));
      continue;
    }
    if (current !== '' && bytes(current) + bytes(line) > room) {
      out.push(current);
      current = '';
    }
    current += line;
  }
  if (current !== '') out.push(current);
  return out;
}

export class Portal {
  private index?: Promise<TwinsIndex>;
  private searchIndex?: Promise<{serialized: SerializedSearchIndex; engine: SearchEngine}>;

  constructor(
    private readonly read: SiteReader,
    /** Where the portal is, for messages. */
    readonly where: string,
    /** The most a read_page result holds, in bytes. */
    private readonly maxBytes: number = MAX_RESULT_BYTES,
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
   * A page as Markdown, in results of at most `maxBytes` (splitIntoParts): a doc by its title or address
   * (`/docs/Archive Service`, with or without `%20`, with or without the portal's origin); an API reference
   * by its service id, name or address (`/api/dmss-archive-service`), or one tag of it (`tag`); one
   * operation by its twin's address (`/api/<service>/<operationId>.md`) or its anchor in the reference
   * (`/api/<service>#tag/…/operation/<operationId>`). A reference too large for one result gives its table
   * of contents: the overview and the index of its operations with their twins' addresses, and how to read
   * one tag or one operation. Any other text too large is cut into parts, read one by one (`part`).
   */
  async readPage(page: string, options: {tag?: string; part?: number} = {}): Promise<string> {
    const {docs, apis} = await this.twins();
    const wanted = page.trim();
    const withoutOrigin = wanted.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
    const fragment = /#(.*)$/.exec(withoutOrigin)?.[1] ?? '';
    let address = withoutOrigin.replace(/[?#].*$/, '').replace(/\.md$/, '');
    try {
      address = encodeURI(decodeURI(address));
    } catch {
      // Not a valid address: matched as a title below.
    }
    const lower = wanted.toLowerCase();
    const apiOf = (id: string) => apis.find((api) => api.id === decodeURIComponent(id));
    const operationAddress = /^\/api\/([^/]+)\/([^/]+)$/.exec(address);
    const operationService = operationAddress ? apiOf(operationAddress[1] ?? '') : undefined;
    if (operationAddress && operationService) {
      return this.paged(await this.readOperation(operationService.id, decodeURIComponent(operationAddress[2] ?? '')), {
        page,
        part: options.part,
      });
    }
    const entry: TwinEntry | undefined =
      docs.find((doc) => doc.url === address || doc.title.toLowerCase() === lower) ??
      apis.find((api) => api.url === address || api.id === lower || api.title.toLowerCase() === lower);
    if (!entry) {
      throw new PortalError(
        `No page "${page}". Give a doc title or address, an API service, or an operation's address (/api/<service>/<operationId>.md): docs are ${docs.map((doc) => doc.title).join(', ')}; APIs are ${apis.map((api) => api.id).join(', ')}.`,
      );
    }
    const api = apis.find((item) => item === entry);
    if (!api && options.tag !== undefined) {
      throw new PortalError(`"tag" is for an API reference; "${page}" is a doc.`);
    }
    if (!api) return this.paged(await this.read(entry.markdown), {page, part: options.part});
    const anchor = /^tag\/([^/]+)(?:\/operation\/(.+))?$/.exec(decodeURIComponent(fragment));
    if (anchor?.[2]) return this.paged(await this.readOperation(api.id, anchor[2]), {page, part: options.part});
    const tag = options.tag ?? anchor?.[1];
    if (tag !== undefined) return this.readTag(api, tag, options.part);
    const reference = await this.read(api.markdown);
    if (fitsOneResult(reference, this.maxBytes)) return this.paged(reference, {page, part: options.part});
    return this.tableOfContents(api, reference, options.part);
  }

  /** The operations of one tag of an API in full (their twins one after another), in parts if need be. */
  private async readTag(api: TwinsIndex['apis'][number], tag: string, part: number | undefined): Promise<string> {
    const operations = await this.operations(api.id);
    const tags = [...new Set(operations.map((op) => op.tag))];
    const wanted = tags.find((name) => name === tag) ?? tags.find((name) => name.toLowerCase() === tag.toLowerCase());
    if (wanted === undefined) {
      throw new PortalError(`No tag "${tag}" in ${api.id}. Its tags: ${tags.join(', ')}.`);
    }
    const twins = await Promise.all(operations.filter((op) => op.tag === wanted).map((op) => this.read(op.markdown)));
    const heading = `# ${api.title} (${api.id}), tag ${wanted}: ${twins.length} operation(s)\n\n`;
    return this.paged(heading + twins.map((twin) => twin.trimEnd()).join('\n\n'), {page: api.id, tag: wanted, part});
  }

  /** A reference too large for one result: its overview and operation index, and how to read the rest. */
  private async tableOfContents(api: TwinsIndex['apis'][number], reference: string, part: number | undefined) {
    const end = reference.indexOf(`\n${OPERATIONS_IN_FULL}\n`);
    const contents = (end < 0 ? reference : reference.slice(0, end)).trimEnd();
    const tags = [...new Set((await this.operations(api.id)).map((op) => op.tag))];
    const note = [
      '',
      '---',
      '',
      `This reference is ${kilobytes(reference)} KB, too large for one answer: above are its overview and the index of its operations, each with the address of its twin.`,
      `- One operation: read_operation with service "${api.id}" and the operationId, or read_page with the operation's address (${api.url}/<operationId>.md).`,
      `- One tag's operations in full: read_page with page "${api.id}" and tag, one of: ${tags.join(', ')}.`,
    ].join('\n');
    return this.paged(`${contents}\n${note}\n`, {page: api.id, part});
  }

  /** A text in one result, or the part `part` of it (1 unless given) with a line on how to read the next. */
  private paged(text: string, call: {page: string; tag?: string; part?: number | undefined}): string {
    const parts = splitIntoParts(text, this.maxBytes);
    const part = call.part ?? 1;
    if (!Number.isInteger(part) || part < 1 || part > parts.length) {
      throw new PortalError(`"part" must be a whole number from 1 to ${parts.length} for this page.`);
    }
    if (parts.length === 1) return text;
    const args = `page "${call.page}"${call.tag ? `, tag "${call.tag}"` : ''}`;
    const next =
      part < parts.length ? ` Next: read_page with ${args} and part ${part + 1}.` : ' This is the last part.';
    return `${parts[part - 1]?.trimEnd() ?? ''}\n\n---\n\nPart ${part} of ${parts.length} of this page.${next}\n`;
  }

  /** The site search's answer to `query`, in the same order as the navbar box gives it. */
  async find(query: string, limit: number): Promise<SearchHit[]> {
    const {engine} = await this.search();
    return runSearch(engine, query, limit);
  }
}
