/**
 * An MCP server (stdio) over the portal's docs and API references, for coding
 * assistants. It reads a built site (`build/` by default, after
 * `npm run build`) or a deployed portal, through the files the build writes
 * for assistants (./portal.ts). Tools:
 *
 * - search: docs, operations, schemas and API changes, in the order of the site's search box;
 * - read_page: a doc, an API reference (its table of contents when too large
 *   for one result), one tag of it, or one operation, as Markdown, in parts
 *   of at most about 100 KB;
 * - read_operation: one operation as Markdown;
 * - list_operations: the operations of a service;
 * - list_changes: what changed in an API since a version (its change history).
 *
 * Bad input (an unknown service or operation, a portal that does not answer)
 * is a tool result with isError and a message saying what to do, never a
 * crash. handbook/markdown-twins.md shows how to add it to an assistant.
 */
import path from 'node:path';
import {parseArgs} from 'node:util';
import {Server} from '@modelcontextprotocol/sdk/server/index.js';
import {CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {isBreaking, isTextOnly, type ChangeEntry, type ChangedOperation} from '../../src/lib/api-changes/entry';
import {changeEntryHref} from '../../src/lib/openapi/urls';
import {snippetMarkdown} from '../../src/lib/search/engine';
import {folderReader, Portal, PortalError, urlReader} from './portal';

export const USAGE = 'Usage: npm run mcp [-- --site <built site folder> | --url <portal address>]';

interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: {type: 'object'; properties: Record<string, object>; required?: string[]};
  run: (portal: Portal, args: Record<string, unknown>) => Promise<string>;
}

/** A required, non-empty string argument. */
function text(args: Record<string, unknown>, name: string): string {
  const value = args[name];
  if (typeof value !== 'string' || value.trim() === '') throw new PortalError(`"${name}" must be a non-empty string.`);
  return value;
}

function limitOf(args: Record<string, unknown>): number {
  const value = args.limit ?? 10;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 50) {
    throw new PortalError('"limit" must be a whole number from 1 to 50.');
  }
  return value;
}

/** The optional `part` of read_page: a whole number from 1. */
function partOf(args: Record<string, unknown>): number {
  const value = args.part;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new PortalError('"part" must be a whole number from 1.');
  }
  return value;
}

export const TOOLS: ToolDefinition[] = [
  {
    name: 'search',
    description:
      'Search the Developer Portal as its search box does, with the same ranking: doc sections, API operations, schemas and API change entries, best first. Questions in plain words work ("what port does the archive service use", "validate a signature"). Each hit gives its kind, service, a snippet and its Markdown address, to read with read_page or read_operation.',
    inputSchema: {
      type: 'object',
      properties: {
        query: {type: 'string', description: 'A question or words, e.g. "poll smart-id signing status".'},
        limit: {type: 'integer', minimum: 1, maximum: 50, description: 'Most hits (default 10).'},
      },
      required: ['query'],
    },
    async run(portal, args) {
      const query = text(args, 'query');
      const hits = await portal.find(query, limitOf(args));
      const lines = [`# Search: ${query}`, ''];
      if (hits.length === 0) lines.push('Nothing matches. Try other words, or list_operations for a service.');
      hits.forEach((hit, i) => {
        const what =
          hit.kind === 'operation'
            ? `operation ${hit.method} ${hit.path}${hit.deprecated ? ' (deprecated)' : ''}`
            : hit.kind === 'change'
              ? 'API change entry'
              : hit.kind;
        lines.push(`${i + 1}. **${hit.title}** (${what}; ${hit.service})`);
        lines.push(`   Markdown: ${hit.markdown}`);
        const snippet = snippetMarkdown(hit.snippet).trim();
        if (snippet) lines.push(`   ${snippet}`);
      });
      lines.push(
        '',
        'Read a doc or an API reference with read_page (its Markdown address), an operation with read_operation (service, operationId from its address).',
      );
      return lines.join('\n');
    },
  },
  {
    name: 'read_page',
    description:
      'A page of the portal as Markdown: a doc by its title or address (e.g. "Archive Service" or "/docs/Archive%20Service"), an API reference by its service (e.g. "dmss-archive-service"), one tag of it (with "tag"), or one operation by its twin\'s address (e.g. "/api/dmss-archive-service/createDocument.md"). A reference too large for one answer (about 100 KB) gives its table of contents: the overview and every operation with its address; any other long answer comes in parts (read the next with "part").',
    inputSchema: {
      type: 'object',
      properties: {
        page: {
          type: 'string',
          description: "Doc title or address, API service id or name, or an operation twin's address.",
        },
        tag: {type: 'string', description: "For an API reference: read only this tag's operations, in full."},
        part: {type: 'integer', minimum: 1, description: 'Which part of a long answer to read (default 1).'},
      },
      required: ['page'],
    },
    run: (portal, args) =>
      portal.readPage(text(args, 'page'), {
        ...(args.tag === undefined ? {} : {tag: text(args, 'tag')}),
        ...(args.part === undefined ? {} : {part: partOf(args)}),
      }),
  },
  {
    name: 'read_operation',
    description:
      'One API operation as Markdown: method and path, security, parameters, request body fields, a curl example and the responses.',
    inputSchema: {
      type: 'object',
      properties: {
        service: {
          type: 'string',
          description: 'Service id (e.g. "dmss-archive-service") or name (e.g. "Archive Service").',
        },
        operationId: {type: 'string', description: 'The operationId, as list_operations or search give it.'},
      },
      required: ['service', 'operationId'],
    },
    run: (portal, args) => portal.readOperation(text(args, 'service'), text(args, 'operationId')),
  },
  {
    name: 'list_operations',
    description:
      'The operations of one API service: method, path, summary and operationId. Without a service, lists the services.',
    inputSchema: {
      type: 'object',
      properties: {service: {type: 'string', description: 'Service id or name; leave out to list the services.'}},
    },
    async run(portal, args) {
      if (args.service === undefined) {
        const {apis} = await portal.twins();
        return ['# API services', '', ...apis.map((api) => `- ${api.id} (${api.title}): ${api.description}`)].join(
          '\n',
        );
      }
      const service = text(args, 'service');
      const operations = await portal.operations(service);
      const api = await portal.service(service);
      return [
        `# ${api.title} (${api.id}): ${operations.length} operations`,
        '',
        '| Method and path | Summary | operationId |',
        '|---|---|---|',
        ...operations.map(
          (op) =>
            `| ${op.method} ${op.path} | ${op.deprecated ? '**Deprecated.** ' : ''}${op.summary.replace(/\|/g, '\\|')} | ${op.operationId} |`,
        ),
      ].join('\n');
    },
  },
  {
    name: 'list_changes',
    description:
      'What changed in one API, newest first: each recorded version with its date, spec version, added, removed, deprecated and changed operations, and which changes break a client. With "since" (a day YYYY-MM-DD, a revision, or a spec version), only the versions after it; a bare day means that day\'s first revision, so the day\'s later revisions are listed; a spec version counts from the oldest revision that published it, and the answer says which revisions it covers.',
    inputSchema: {
      type: 'object',
      properties: {
        service: {type: 'string', description: 'Service id (e.g. "dmss-archive-service") or name.'},
        since: {
          type: 'string',
          description:
            'The version you built against: a day (e.g. "2026-11-23", which means that day\'s first revision, so its later revisions are listed), a revision (e.g. "2026-11-23-2") or an info.version.',
        },
      },
      required: ['service'],
    },
    async run(portal, args) {
      const service = text(args, 'service');
      const since = args.since === undefined ? undefined : text(args, 'since');
      const api = await portal.service(service);
      const all = await portal.changes(service);
      const entries = entriesSince(all, since);
      const heading = `# ${api.title} (${api.id}): ${entries.length} version(s)${since ? ` after ${since}` : ''}`;
      const scope = since === undefined ? undefined : sinceScope(all, since, entries);
      if (entries.length === 0) {
        return [heading, `Nothing changed${since ? ` after ${since}` : ''}.`, scope].filter(Boolean).join('\n\n');
      }
      return [heading, scope, ...entries.map((entry) => entryMarkdown(api.id, entry))].filter(Boolean).join('\n\n');
    },
  },
];

/** `METHOD path (operationId)` of an operation in a change entry. */
const operationLine = (op: ChangedOperation): string =>
  `${op.method} ${op.path}${op.operationId ? ` (${op.operationId})` : ''}`;

const REVISION = /^\d{4}-\d{2}-\d{2}(-\d+)?$/;

/** Revisions in publication order: `2026-11-23` < `2026-11-23-2` < `2026-11-23-10` < `2026-11-24`. */
const revisionOrder = (a: string, b: string): number => a.localeCompare(b, 'en', {numeric: true});

/**
 * The entries recorded after `since`, newest first. `since` is a revision or a
 * day (`2026-11-23`, `2026-11-23-2`: the entries published after it), or a spec
 * version (`info.version`): the services do not always raise it, so several
 * revisions may carry one version, and a client built against it may have any
 * of them. The version names its oldest revision, and every entry after that
 * one is listed. Without `since`, all of them.
 */
export function entriesSince(entries: readonly ChangeEntry[], since: string | undefined): ChangeEntry[] {
  if (since === undefined) return [...entries];
  if (REVISION.test(since)) return entries.filter((entry) => revisionOrder(entry.revision, since) > 0);
  // Newest first: the last entry that carries the version is its oldest revision.
  const oldest = entries.map((entry) => entry.versionAfter).lastIndexOf(since);
  if (oldest < 0) {
    const versions = [...new Set(entries.map((entry) => entry.versionAfter))].join(', ');
    throw new PortalError(
      `No recorded version "${since}". Give a day (YYYY-MM-DD), a revision or one of the versions: ${versions}.`,
    );
  }
  return entries.slice(0, oldest);
}

/** Which revisions an answer for `since` covers, in one line. */
export function sinceScope(all: readonly ChangeEntry[], since: string, listed: readonly ChangeEntry[]): string {
  const range =
    listed.length === 0
      ? 'No revision is newer'
      : `Covers revision${listed.length === 1 ? '' : 's'} ${[...listed]
          .reverse()
          .map((entry) => entry.revision)
          .join(', ')}`;
  if (REVISION.test(since)) return `${range} (published after ${since}).`;
  const carrying = all
    .filter((entry) => entry.versionAfter === since)
    .map((entry) => entry.revision)
    .reverse();
  return `${range}: everything after revision ${carrying[0]!}, the first that published info.version ${since}${
    carrying.length > 1 ? ` (${carrying.length} revisions carry it: ${carrying.join(', ')})` : ''
  }.`;
}

/** One change entry as Markdown. */
export function entryMarkdown(specId: string, entry: ChangeEntry): string {
  const version = entry.versionBefore ? `${entry.versionBefore} → ${entry.versionAfter}` : entry.versionAfter;
  const lines = [
    `## ${entry.revision} (version ${version})${isBreaking(entry) ? ': breaking' : entry.documentationOnly ? ': documentation only, the server did not change' : ''}`,
    '',
    `Published ${entry.published ? `${entry.published.slice(0, 16).replace('T', ' ')} UTC` : entry.date}. Entry: ${changeEntryHref(specId, entry.revision)}`,
  ];
  if (entry.note) lines.push('', entry.note);
  if (!entry.previous) lines.push('', `First recorded version: ${entry.added.length} operations.`);
  else {
    const list = (title: string, ops: readonly ChangedOperation[]) => {
      if (ops.length > 0) lines.push('', `${title}:`, ...ops.map((op) => `- ${operationLine(op)}`));
    };
    list('Added', entry.added);
    list('Removed', entry.removed);
    const removedFromServer = entry.deprecated.filter((op) => op.removedIn !== undefined);
    if (removedFromServer.length > 0) {
      lines.push(
        '',
        'Removed from the service (the reference keeps them, marked deprecated, for older servers):',
        ...removedFromServer.map(
          (op) => `- ${operationLine(op)}: removed in ${op.removedIn!}; calls to it fail there.`,
        ),
      );
    }
    list(
      'Deprecated',
      entry.deprecated.filter((op) => op.removedIn === undefined),
    );
    for (const move of entry.moved ?? []) lines.push('', `Documented under new paths: ${move.description}`);
    // Changes a client notices in full; operations whose only changes are texts folded into one line, as on the pages.
    const clientChanges = entry.changed.filter((op) => !isTextOnly(op));
    const textOnly = entry.changed.filter(isTextOnly);
    if (clientChanges.length > 0) {
      lines.push('', 'Changed:');
      for (const op of clientChanges) {
        lines.push(`- ${operationLine(op)}`);
        for (const change of op.changes) {
          const why = change.explanation ? ` ${change.explanation}` : '';
          lines.push(`  - ${change.kind === 'breaking' ? 'breaking: ' : ''}${change.description}${why}`);
        }
      }
    }
    for (const change of entry.other.filter((c) => c.kind !== 'annotation')) {
      lines.push('', `- ${change.kind === 'breaking' ? 'breaking: ' : ''}${change.description}`);
    }
    const texts = textOnly.length + entry.other.filter((c) => c.kind === 'annotation').length;
    if (texts > 0) {
      const names = textOnly.map((op) => op.operationId ?? `${op.method} ${op.path}`);
      lines.push(
        '',
        `Texts revised (descriptions, summaries, examples): ${texts}${names.length > 0 ? `, in ${names.join(', ')}` : ''}.`,
      );
    }
  }
  return lines.join('\n');
}

/** The MCP server over one portal (not yet connected). */
export function createServer(portal: Portal): Server {
  const server = new Server({name: 'developer-portal', version: '1.0.0'}, {capabilities: {tools: {}}});
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map(({name, description, inputSchema}) => ({name, description, inputSchema})),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) {
      return {
        isError: true,
        content: [
          {type: 'text', text: `Unknown tool "${request.params.name}". Tools: ${TOOLS.map((t) => t.name).join(', ')}.`},
        ],
      };
    }
    try {
      return {content: [{type: 'text', text: await tool.run(portal, request.params.arguments ?? {})}]};
    } catch (error) {
      const message = error instanceof PortalError ? error.message : `Unexpected error: ${(error as Error).message}`;
      return {isError: true, content: [{type: 'text', text: message}]};
    }
  });
  return server;
}

/** The portal the command line names: --url, else --site, else build/ of this repository. */
export function portalFromArgs(argv: string[], cwd: string): Portal {
  const {values, positionals} = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {site: {type: 'string'}, url: {type: 'string'}},
  });
  if (positionals.length > 0 || (values.site !== undefined && values.url !== undefined)) throw new Error(USAGE);
  if (values.url !== undefined) {
    if (!/^https?:\/\/[^/]/i.test(values.url)) throw new Error(`--url needs an http(s) address.\n${USAGE}`);
    return new Portal(urlReader(values.url), values.url);
  }
  const dir = path.resolve(cwd, values.site ?? 'build');
  return new Portal(folderReader(dir), dir);
}
