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
 * trailing slash, see src/lib/openapi/trailingSlash.ts) are served
 * with the slash, where the reference, its code samples and the Try it console
 * send them: Prism gets a temporary copy of the spec with those paths renamed.
 *
 * The OpenAPI basics come from the portal's ground floor, src/lib/openapi
 * (TypeScript, loaded with jiti): the trailing slashes, and the request model
 * and request builder that make the example call printed at start.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import {constants} from 'node:os';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import jitiFactory from 'jiti';
import {parse} from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jiti = jitiFactory(fileURLToPath(import.meta.url));
/** @type {typeof import('../src/lib/openapi/trailingSlash')} */
const {withTrailingSlashes} = jiti('../src/lib/openapi/trailingSlash.ts');

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
  const doc = parse(fs.readFileSync(file, 'utf8'));
  const served = withTrailingSlashes(doc);
  if (served === doc) return path.relative(root, file);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mock-'));
  process.on('exit', () => fs.rmSync(dir, {recursive: true, force: true}));
  const copy = path.join(dir, `${path.basename(file, '.yaml')}.json`);
  fs.writeFileSync(copy, JSON.stringify(served));
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
 * An example call, on one line: a GET without required query or header
 * parameters, preferably one that needs no credentials and no path
 * parameters, sent as the code samples send it (its examples; credentials
 * made up, since Prism only checks that they are present).
 * @param {string} file
 * @param {string} baseUrl
 * @returns {Promise<string>}
 */
async function exampleCurl(file, baseUrl) {
  // Loaded here, while Prism starts: the request model brings the spec resolver and the sampler.
  /** @type {typeof import('../src/lib/openapi/requestModel')} */
  const {apiRequestModel} = jiti('../src/lib/openapi/requestModel.ts');
  /** @type {typeof import('../src/lib/openapi/request')} */
  const {buildRequest, credentialValue, curlCommand, sampleInput} = jiti('../src/lib/openapi/request.ts');
  const model = await apiRequestModel(withTrailingSlashes(parse(fs.readFileSync(file, 'utf8'))), 'mock');
  const gets = Object.values(model.operations).filter(
    (op) => op.method === 'GET' && !op.parameters.some((param) => param.in !== 'path' && param.required),
  );
  const open = (op) => op.security.length === 0 || op.security.some((names) => names.length === 0);
  const get = gets.find((op) => open(op) && !op.path.includes('{')) ?? gets.find(open) ?? gets[0];
  if (!get) return `curl --request GET --url ${baseUrl}/`;
  const input = sampleInput(get, model.schemes, baseUrl);
  input.credentials = input.credentials.map(({scheme}) => ({
    scheme,
    value: credentialValue(scheme, {username: 'mock', secret: 'mock-token'}),
  }));
  return curlCommand(buildRequest(get, input)).replace(/ \\\n {2}/g, ' ');
}

async function main() {
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
  console.log(`Try: ${await exampleCurl(file, baseUrl)}`);
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

await main();
