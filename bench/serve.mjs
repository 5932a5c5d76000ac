// @ts-check
/**
 * A small static file server for the benchmark: serves one folder on
 * 127.0.0.1 with gzip, resolving paths like `docusaurus serve` does with
 * `trailingSlash: false`:
 *   /            -> index.html
 *   /x           -> x (an existing file), else x.html, else x/index.html
 *   /x/          -> x/index.html, else x.html
 * Anything else answers 404 with the folder's 404.html (or a plain text body).
 *
 * Every file is read and, when compressible, gzipped (zlib level 6) once at
 * start and kept in memory, so the server costs next to no CPU while the
 * browser is being measured.
 */
import {Buffer} from 'node:buffer';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
};

/** Media types worth gzipping (images and fonts other than SVG are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|yaml|manifest\+json|wasm)|image\/svg\+xml)/;

/**
 * @typedef {object} StaticServer
 * @property {string} origin e.g. http://127.0.0.1:41234
 * @property {number} port
 * @property {() => Promise<void>} close
 */

/**
 * @typedef {object} CachedFile
 * @property {Buffer} raw
 * @property {Buffer | null} gzip gzip body, or null for files not worth compressing
 * @property {string} type
 */

/**
 * @param {string} file
 * @returns {Promise<boolean>}
 */
async function isFile(file) {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Maps a URL path to a file under root, or null when there is none.
 * @param {string} root absolute folder
 * @param {string} urlPath the request path, still percent-encoded, without query
 * @returns {Promise<string | null>}
 */
export async function resolveFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = path.posix.normalize(decoded);
  if (!rel.startsWith('/')) return null;
  const base = path.join(root, rel);
  // No escaping the folder with /../
  if (base !== root && !base.startsWith(root + path.sep)) return null;
  /** @type {string[]} */
  let candidates;
  if (rel === '/') candidates = [path.join(root, 'index.html')];
  else if (rel.endsWith('/')) candidates = [path.join(base, 'index.html'), base.replace(/[\\/]+$/, '') + '.html'];
  else candidates = [base, base + '.html', path.join(base, 'index.html')];
  for (const candidate of candidates) {
    if (await isFile(candidate)) return candidate;
  }
  return null;
}

/**
 * Serves `root` on 127.0.0.1 at a free port.
 * @param {string} root folder to serve
 * @returns {Promise<StaticServer>}
 */
export async function startStaticServer(root) {
  const absRoot = path.resolve(root);
  /** @type {Map<string, Promise<CachedFile>>} */
  const cache = new Map();

  /**
   * @param {string} file
   * @returns {Promise<CachedFile>}
   */
  const load = (file) => {
    let entry = cache.get(file);
    if (!entry) {
      entry = (async () => {
        const raw = await fs.readFile(file);
        const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
        const gzip = COMPRESSIBLE.test(type) && raw.length > 256 ? zlib.gzipSync(raw, {level: 6}) : null;
        return {raw, gzip, type};
      })();
      cache.set(file, entry);
      entry.catch(() => cache.delete(file));
    }
    return entry;
  };

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {number} status
   * @param {CachedFile} file
   */
  const send = (req, res, status, file) => {
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = file.gzip && acceptsGzip ? file.gzip : file.raw;
    /** @type {http.OutgoingHttpHeaders} */
    const headers = {'Content-Type': file.type, 'Content-Length': body.length};
    if (file.gzip) {
      headers.Vary = 'Accept-Encoding';
      if (body === file.gzip) headers['Content-Encoding'] = 'gzip';
    }
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          res.writeHead(405, {Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8'});
          res.end('Method not allowed\n');
          return;
        }
        const urlPath = (req.url ?? '/').split(/[?#]/)[0] || '/';
        const file = await resolveFile(absRoot, urlPath);
        if (file) {
          send(req, res, 200, await load(file));
          return;
        }
        const notFound = path.join(absRoot, '404.html');
        if (await isFile(notFound)) send(req, res, 404, await load(notFound));
        else send(req, res, 404, {raw: Buffer.from('Not found\n'), gzip: null, type: 'text/plain; charset=utf-8'});
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, {'Content-Type': 'text/plain; charset=utf-8'});
        res.end(`Server error: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    })();
  });
  server.keepAliveTimeout = 5000;

  // Read and gzip every file up front, so that no request pays for compression.
  for (const entry of await fs.readdir(absRoot, {recursive: true, withFileTypes: true})) {
    if (entry.isFile()) await load(path.join(entry.parentPath ?? entry.path, entry.name));
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The static server has no TCP address');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
