/**
 * Sends a request the console built, with `fetch`, and reads the answer for
 * display: status, time, headers, and the body as pretty JSON, text, or a
 * file to download. A request that gets no readable answer (nothing
 * listening, CORS, mixed content) becomes a plain explanation.
 */
import {requestUrl, type HttpRequest} from '../../../../lib/openapi/request';

export type ResponseBody =
  | {kind: 'empty'}
  | {kind: 'json'; text: string}
  | {kind: 'text'; text: string}
  | {kind: 'binary'; blob: Blob; size: number; type: string; fileName: string};

export interface Answer {
  kind: 'answer';
  status: number;
  statusText: string;
  /** Milliseconds from sending to the end of the body. */
  duration: number;
  headers: [string, string][];
  body: ResponseBody;
}

export interface Failure {
  kind: 'failure';
  /** The address the request went to (origin and path, without the query string). */
  target: string;
  /** This page is HTTPS and the target plain HTTP on another machine: the browser blocks it before sending. */
  mixedContent: boolean;
  /** The target is this computer or the local network while the page is not: Chrome asks the reader first. */
  localNetwork: boolean;
}

export type Outcome = Answer | Failure | {kind: 'cancelled'};

/** The fetch options of a request; multipart and urlencoded bodies become FormData and URLSearchParams. */
export function fetchInit(request: HttpRequest<Blob>, signal?: AbortSignal): RequestInit {
  const body = request.body;
  const multipart = body !== undefined && body.mimeType.toLowerCase().startsWith('multipart/form-data');
  // The browser writes a multipart Content-Type with its boundary itself.
  const headers = request.headers
    .filter(({name}) => !(multipart && name.toLowerCase() === 'content-type'))
    .map(({name, value}): [string, string] => [name, value]);
  const init: RequestInit = {
    method: request.method,
    headers,
    redirect: 'follow',
    credentials: 'omit',
    cache: 'no-store',
  };
  if (signal) init.signal = signal;
  if (!body) return init;
  if ('text' in body) init.body = body.text;
  else if (multipart) {
    const form = new FormData();
    for (const part of body.parts) {
      if ('fileName' in part) {
        const file = part.file ?? new Blob([]);
        form.append(part.name, part.contentType ? new Blob([file], {type: part.contentType}) : file, part.fileName);
      } else if (part.contentType) form.append(part.name, new Blob([part.value], {type: part.contentType}));
      else form.append(part.name, part.value);
    }
    init.body = form;
  } else {
    init.body = new URLSearchParams(
      body.parts.map((part) => [part.name, 'value' in part ? part.value : part.fileName]),
    );
  }
  return init;
}

const isJsonType = (type: string): boolean => /^application\/(?:[\w.+-]+\+)?json\b|^text\/(?:x-)?json\b/i.test(type);
const isTextType = (type: string): boolean =>
  /^text\//i.test(type) ||
  /[/+]xml\b/i.test(type) ||
  /^application\/(?:javascript|x-www-form-urlencoded)\b/i.test(type);

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/zip': '.zip',
  'application/vnd.etsi.asic-e+zip': '.asice',
  'application/vnd.etsi.asic-s+zip': '.asics',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

/** The file name a downloaded answer gets: the server's (Content-Disposition) or `response` plus an extension. */
export function downloadName(type: string, disposition: string | null): string {
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition ?? '')?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  let name: string | undefined;
  try {
    name = star ? decodeURIComponent(star.trim().replace(/^"|"$/g, '')) : plain?.trim();
  } catch {
    name = plain?.trim();
  }
  const safe = name?.replace(/[/\\]/g, '_');
  if (safe) return safe;
  return `response${EXTENSIONS[type.split(';')[0]!.trim().toLowerCase()] ?? '.bin'}`;
}

/** Reads a response body for display by its content type (a body without one is text if it decodes as UTF-8). */
export async function readBody(response: Response): Promise<ResponseBody> {
  const type = response.headers.get('content-type') ?? '';
  const blob = await response.blob();
  if (blob.size === 0) return {kind: 'empty'};
  if (isJsonType(type) || isTextType(type) || type === '') {
    let text: string | undefined;
    try {
      text = new TextDecoder('utf-8', {fatal: true}).decode(await blob.arrayBuffer());
    } catch {
      text = undefined;
    }
    if (text !== undefined && isJsonType(type)) {
      try {
        return {kind: 'json', text: JSON.stringify(JSON.parse(text), null, 2)};
      } catch {
        return {kind: 'text', text};
      }
    }
    if (text !== undefined) return {kind: 'text', text};
  }
  return {
    kind: 'binary',
    blob,
    size: blob.size,
    type: type || 'application/octet-stream',
    fileName: downloadName(type, response.headers.get('content-disposition')),
  };
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
const PRIVATE =
  /^(?:10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|[^.]+\.local)$/i;

/** Why a request that got no readable answer may have failed, as far as the page can tell without sending more. */
export function describeFailure(url: string, page: {protocol: string; hostname: string}): Failure {
  const target = new URL(url);
  const targetLocal = LOOPBACK.test(target.hostname) || PRIVATE.test(target.hostname);
  const pageLocal = LOOPBACK.test(page.hostname) || PRIVATE.test(page.hostname);
  return {
    kind: 'failure',
    target: `${target.origin}${target.pathname}`,
    mixedContent: page.protocol === 'https:' && target.protocol === 'http:' && !LOOPBACK.test(target.hostname),
    localNetwork: targetLocal && !pageLocal,
  };
}

/** Sends the request; the time runs from sending until the whole body has arrived. */
export async function send(request: HttpRequest<Blob>, signal: AbortSignal): Promise<Outcome> {
  const url = requestUrl(request);
  const started = performance.now();
  try {
    const response = await fetch(url, fetchInit(request, signal));
    const body = await readBody(response);
    return {
      kind: 'answer',
      status: response.status,
      statusText: response.statusText,
      duration: Math.round(performance.now() - started),
      headers: [...response.headers.entries()],
      body,
    };
  } catch (error) {
    if (signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return {kind: 'cancelled'};
    return describeFailure(url, window.location);
  }
}

/** A byte count for people: `812 bytes`, `48.2 KB (49,357 bytes)`. */
export function formatSize(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024) return exact;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${value.toFixed(1)} ${unit} (${exact})`;
}
