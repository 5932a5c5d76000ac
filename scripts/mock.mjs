#!/usr/bin/env node
/**
 * Local mock server for integrators: serves the examples of one spec under
 * openapi/ with Stoplight Prism.
 *
 *   npm run mock -- <name> [--port 4010] [--host 127.0.0.1]
 *
 * <name> is a file under openapi/ without `.yaml`; a missing or unknown name
 * prints the available names and exits with code 1. Prism answers with the
 * documented examples (static mode, never generated data) and reads only the
 * local file. Ctrl+C (SIGINT) or SIGTERM stops Prism and this script.
 *
 * Paths marked `x-trailing-slash: true` (routes the service registers with a
 * trailing slash, see src/plugins/api-reference/trailingSlash.ts) are served
 * with the slash, where the reference, its code samples and the Try it console
 * send them: Prism gets a temporary copy of the spec with those paths renamed.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import {constants} from 'node:os';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {parse} from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const specDir = path.join(root, 'openapi');

/** @returns {string[]} spec names: files under openapi/ without `.yaml`, sorted */
function specNames() {
  return fs
    .readdirSync(specDir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.slice(0, -'.yaml'.length))
    .sort();
}

/**
 * Prints the message, the usage and the available names, then exits with 1.
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`${message}\n\nUsage: npm run mock -- <name> [--port 4010] [--host 127.0.0.1]\n\nAvailable names:`);
  for (const name of specNames()) console.error(`  ${name}`);
  process.exit(1);
}

/**
 * The file Prism serves: the spec itself, or a temporary JSON copy whose paths
 * marked `x-trailing-slash: true` end in a slash (removed when this script ends).
 * @param {string} file
 * @returns {string}
 */
function servedSpec(file) {
  /** @type {{paths?: Record<string, Record<string, unknown>>}} */
  const doc = parse(fs.readFileSync(file, 'utf8'));
  const entries = Object.entries(doc.paths ?? {});
  if (!entries.some(([, item]) => item?.['x-trailing-slash'] === true)) return path.relative(root, file);
  const paths = Object.fromEntries(
    entries.map(([key, item]) => [item?.['x-trailing-slash'] === true && !key.endsWith('/') ? `${key}/` : key, item]),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mock-'));
  process.on('exit', () => fs.rmSync(dir, {recursive: true, force: true}));
  const copy = path.join(dir, `${path.basename(file, '.yaml')}.json`);
  fs.writeFileSync(copy, JSON.stringify({...doc, paths}));
  return copy;
}

/** @returns {string} absolute path of Prism's CLI entry (run with this Node, no shell) */
function prismCli() {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@stoplight/prism-cli/package.json');
  /** @type {{bin: Record<string, string>}} */
  const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return path.join(path.dirname(manifest), pkg.bin.prism ?? '');
}

/**
 * @typedef {{$ref?: string, in?: string, name?: string, required?: boolean, example?: unknown}} Param
 * @typedef {{parameters?: Param[], security?: Record<string, string[]>[]}} Get
 * @typedef {{type?: string, scheme?: string, in?: string, name?: string}} Scheme
 * @typedef {{paths?: Record<string, {parameters?: Param[], get?: Get}>, security?: Record<string, string[]>[],
 *   components?: {securitySchemes?: Record<string, Scheme>}}} Doc
 */

/**
 * Arguments of an example curl call: a GET without required query parameters,
 * preferably one that needs no credentials and no path parameters; path
 * parameters get their examples, credentials a placeholder (Prism only checks
 * that they are present).
 * @param {string} file
 * @param {string} baseUrl
 * @returns {string}
 */
function exampleCurl(file, baseUrl) {
  /** @type {Doc} */
  const doc = parse(fs.readFileSync(file, 'utf8'));
  /** @type {(param: Param) => Param} */
  const deref = (param) =>
    param.$ref
      ? /** @type {Param} */ (
          param.$ref
            .slice(2)
            .split('/')
            .reduce((node, key) => /** @type {Record<string, unknown>} */ (node)[key], /** @type {unknown} */ (doc))
        )
      : param;
  const gets = Object.entries(doc.paths ?? {}).flatMap(([template, item]) => {
    if (!item.get) return [];
    const params = [...(item.parameters ?? []), ...(item.get.parameters ?? [])].map(deref);
    if (params.some((x) => x.in !== 'path' && x.required)) return [];
    const security = item.get.security ?? doc.security ?? [];
    const auth = security.some((r) => Object.keys(r).length === 0) ? undefined : security[0];
    return [{template, params, auth}];
  });
  const get = gets.find((g) => !g.auth && !g.template.includes('{')) ?? gets.find((g) => !g.auth) ?? gets[0];
  if (!get) return `curl -i ${baseUrl}/`;
  const urlPath = get.template.replace(/\{([^}]+)\}/g, (whole, name) => {
    const example = get.params.find((x) => x.in === 'path' && x.name === name)?.example;
    return example === undefined ? whole : encodeURIComponent(String(example));
  });
  const options = Object.keys(get.auth ?? {}).map((name) => {
    const scheme = doc.components?.securitySchemes?.[name] ?? {};
    if (scheme.type === 'apiKey' && scheme.in === 'header') return `-H '${scheme.name}: mock-key'`;
    if (scheme.scheme?.toLowerCase() === 'basic') return '-u mock:mock';
    if (scheme.type === 'apiKey') return ''; // query or cookie keys: none in the portal's specs
    return "-H 'Authorization: Bearer mock-token'"; // bearer, OAuth2, OpenID Connect
  });
  return ['curl -i', ...options.filter(Boolean), `${baseUrl}${urlPath}`].join(' ');
}

function main() {
  /** @type {{values: {port?: string, host?: string}, positionals: string[]}} */
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {port: {type: 'string', default: '4010'}, host: {type: 'string', default: '127.0.0.1'}},
    });
  } catch (error) {
    fail(/** @type {Error} */ (error).message);
    return;
  }
  const [name, ...extra] = args.positionals;
  if (!name) fail('Missing spec name.');
  else if (extra.length > 0) fail(`Unexpected arguments: ${extra.join(' ')}`);
  else if (!specNames().includes(name)) fail(`Unknown spec name "${name}".`);
  const port = Number(args.values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port must be 1-65535, got "${args.values.port}".`);
  const host = args.values.host ?? '127.0.0.1';
  const file = path.join(specDir, `${name}.yaml`);

  const prism = spawn(
    process.execPath,
    [
      prismCli(),
      'mock',
      servedSpec(file),
      '-p',
      String(port),
      '-h',
      host,
      // Static mode: answer with the examples written in the spec, never generated data.
      '--dynamic=false',
      // Request/response violations are logged, not turned into error responses.
      '--errors=false',
    ],
    {cwd: root, stdio: 'inherit'},
  );

  const urlHost = host.includes(':') ? `[${host}]` : host;
  const baseUrl = `http://${urlHost}:${port}`;
  console.log(`Mock of ${name} (examples from openapi/${name}.yaml) at ${baseUrl}`);
  console.log(`Try: ${exampleCurl(file, baseUrl)}`);
  console.log('Another documented answer: add -H "Prefer: code=<status>" or -H "Prefer: example=<example name>".');

  // Ctrl+C reaches both processes in a terminal; SIGTERM/SIGHUP sent to this script alone are passed on.
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      if (prism.exitCode === null && prism.signalCode === null) prism.kill(signal);
    });
  }
  prism.on('error', (error) => {
    console.error(`Could not start Prism: ${error.message}`);
    process.exit(1);
  });
  prism.on('exit', (code, signal) => {
    process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1));
  });
}

main();
