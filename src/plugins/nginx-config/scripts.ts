/**
 * What a Content-Security-Policy needs to know about the built pages: the
 * SHA-256 of every inline script the browser would run. Plain string work on
 * the HTML Docusaurus writes (a script's text ends at the first `</script`,
 * exactly as the HTML tokenizer reads it), so the hash is of the same bytes
 * the browser hashes.
 */
import {createHash} from 'node:crypto';

/** `type` values a browser executes (no type at all also executes). */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const SRC = /\bsrc\s*=/i;
/** Inline event handler attributes (`onclick="…"`): a hash-based policy never runs them. */
const HANDLER = /<[a-z][^>]*?\s(on[a-z]+)\s*=/gi;
const JAVASCRIPT_URL = /\s(?:href|src|action)\s*=\s*["']?\s*javascript:/i;

/** The CSP source expression of an inline script: `'sha256-<base64>'`. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The inline scripts of one HTML document that a browser would execute. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes!)) continue;
    const type = TYPE.exec(attributes!);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (EXECUTABLE_TYPES.has(value)) scripts.push(text!);
  }
  return scripts;
}

/**
 * Script a hash cannot allow: inline event handlers and `javascript:` URLs.
 * Each entry names what was found, for the build error.
 */
export function unhashableScript(html: string): string[] {
  const outsideScripts = html.replace(SCRIPT, '');
  const found = [...outsideScripts.matchAll(HANDLER)].map((match) => `an inline ${match[1]} handler`);
  if (JAVASCRIPT_URL.test(outsideScripts)) found.push('a javascript: URL');
  return found;
}
