/**
 * A page's Markdown (a doc's or blog post's, as its twin has it) cut into the
 * sections the search finds: one per heading, each with the anchor Docusaurus
 * gives that heading (github-slugger over the heading's text, numbered when a
 * page repeats one), and its text without Markdown syntax.
 */
import {createSlugger} from '@docusaurus/utils';
import {clip, plainText} from '../../lib/search/documents';

export interface PageSection {
  /** The heading, or the page's title for the text before the first heading. */
  heading: string;
  /** The heading's id on the page; empty for the text before the first heading. */
  anchor: string;
  text: string;
}

const FENCE = /^\s*(`{3,}|~{3,})\s*([\w-]*)/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
/** Longest text kept of one section: the search shows a snippet, the page has the rest. */
const SECTION_TEXT = 4000;

/** A heading's text as the reader sees it (and as the slugger reads it): no code marks, links or emphasis. */
export function headingText(markdown: string): string {
  return plainText(markdown.replace(/\{#[^}]*\}\s*$/, ''));
}

/** Markdown prose as plain words: links keep their text, tables their cells, code spans what they say. */
export function proseText(markdown: string): string {
  return plainText(markdown.replace(/<!--[\s\S]*?-->/g, ' ').replace(/^\s*\|?\s*:?-{3,}.*$/gm, ' '));
}

/**
 * The sections of a page. `markdown` starts with its `# Title` line (dropped); fenced code stays in its
 * section's text (commands and settings are what readers search for) except Mermaid diagrams.
 */
export function pageSections(markdown: string, title: string): PageSection[] {
  const slugger = createSlugger();
  const sections: PageSection[] = [];
  // The section's text so far (`parts`), and its prose lines not yet read into it: prose is read as Markdown, the
  // lines of a code block are kept as they are written.
  let current: PageSection & {lines: string[]; parts: string[]} = {
    heading: title,
    anchor: '',
    text: '',
    lines: [],
    parts: [],
  };
  const flushProse = (): void => {
    current.parts.push(proseText(current.lines.join('\n')));
    current.lines = [];
  };
  let fence: string | undefined;
  let mermaid = false;
  const close = (): void => {
    flushProse();
    const text = current.parts.filter(Boolean).join(' ');
    if (text || current.anchor)
      sections.push({heading: current.heading, anchor: current.anchor, text: clip(text, SECTION_TEXT)});
  };
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line);
    if (marker && (fence === undefined || (marker[1]![0] === fence[0] && marker[1]!.length >= fence.length))) {
      if (fence === undefined) {
        fence = marker[1];
        mermaid = marker[2] === 'mermaid';
      } else {
        fence = undefined;
        mermaid = false;
      }
      continue;
    }
    if (fence !== undefined) {
      if (!mermaid && line.trim()) {
        flushProse();
        current.parts.push(line.replace(/\s+/g, ' ').trim());
      }
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading && heading[1]!.length === 1) continue;
    if (heading) {
      close();
      const text = headingText(heading[2]!);
      current = {heading: text, anchor: slugger.slug(text), text: '', lines: [], parts: []};
      continue;
    }
    current.lines.push(line);
  }
  close();
  return sections;
}
