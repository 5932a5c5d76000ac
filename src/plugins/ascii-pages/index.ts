/**
 * Writes every built HTML page in ASCII. A page that is all ASCII is decoded on the
 * browser's fast path; one other character anywhere (the footer's ©, a "—" in Redoc's stylesheet)
 * makes Chromium decode the whole response as UTF-16. For the container reference (1.7 MB) that
 * was about 150 ms more of one long task at 4x CPU, and again when a client-side navigation fetches
 * the page (../api-reference/theme/Redoc/sections.ts).
 *
 * Docusaurus's HTML minifier turns character references back into characters, so this runs after
 * the build, on the files:
 * - text and attribute values: numeric character references (`&#xa9;`);
 * - `<style>` elements: CSS escapes (`\a9 `, the space ends the escape);
 * - `<script>` elements stay as they are: the Content-Security-Policy allows inline scripts by the
 *   hash of their text (../nginx-config), and a data block's text is data.
 * tests/e2e/budgets.spec.ts checks that the built pages are ASCII outside their scripts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {htmlFiles, refreshPages, type SiteRedirect} from '../../lib/buildOutput';

const NOT_ASCII = /[^\0-\x7f]/gu;
/** Elements whose content is raw text: script (left alone) and style (CSS escapes). */
const RAW_TEXT = /(<script\b[^>]*>[\s\S]*?<\/script>|<style\b[^>]*>[\s\S]*?<\/style>)/gi;

const hex = (character: string): string => (character.codePointAt(0) ?? 0).toString(16);

/** `html` with every character outside ASCII escaped as its context needs (see above). */
export function asciiHtml(html: string): string {
  return html
    .split(RAW_TEXT)
    .map((part, index) => {
      // split() with a capturing group: even indexes are markup, odd ones the raw text elements.
      if (index % 2 === 0) return part.replace(NOT_ASCII, (character) => `&#x${hex(character)};`);
      if (/^<style/i.test(part)) return part.replace(NOT_ASCII, (character) => `\\${hex(character)} `);
      return part;
    })
    .join('');
}

export interface AsciiPagesOptions {
  redirects: readonly SiteRedirect[];
}

export default function asciiPagesPlugin(options: AsciiPagesOptions): Plugin {
  return {
    name: 'portal-ascii-pages',
    async postBuild({outDir}) {
      // The refresh pages of redirects are written by @docusaurus/plugin-client-redirects in a postBuild that
      // may run at the same time as this one: they are left alone (ASCII anyway: their targets are URLs).
      const skipped = new Set(refreshPages(options.redirects).map((file) => path.join(outDir, file)));
      for (const file of htmlFiles(outDir).filter((candidate) => !skipped.has(candidate))) {
        const html = fs.readFileSync(file, 'utf8');
        const ascii = asciiHtml(html);
        if (ascii === html) continue;
        // Other plugins read the pages in their own postBuild at the same time: replace each file in one step.
        fs.writeFileSync(`${file}.ascii`, ascii);
        fs.renameSync(`${file}.ascii`, file);
      }
    },
  };
}
