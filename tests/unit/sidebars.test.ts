import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import sidebars from '../../sidebars';
import {allDocIds, docIds, docsWithoutSidebar, docUrl} from '../../src/config/docs';

const docsDir = path.resolve(__dirname, '../../docs');

type Item = string | {type: string; items?: Item[]; id?: string};

function docIdsIn(items: readonly Item[]): string[] {
  return items.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (item.type === 'doc' && item.id) return [item.id];
    return item.items ? docIdsIn(item.items) : [];
  });
}

const docFiles = fs
  .readdirSync(docsDir)
  .filter((name) => /\.mdx?$/.test(name))
  .map((name) => name.replace(/\.mdx?$/, ''));

describe('docs and sidebars', () => {
  it('has exactly the fifteen docs, one file each', () => {
    expect([...docFiles].sort()).toEqual([...allDocIds].sort());
  });

  it('every sidebar entry resolves to a doc file', () => {
    for (const items of Object.values(sidebars)) {
      for (const id of docIdsIn(items as Item[])) expect(docFiles, `sidebar entry "${id}"`).toContain(id);
    }
  });

  it('main sidebar starts with Technical Requirements; user-manual sidebar holds the two manuals', () => {
    expect(docIdsIn(sidebars.main as Item[])[0]).toBe(docIds.technicalRequirements);
    expect(docIdsIn(sidebars.userManuals as Item[])).toEqual([docIds.signBoxUserManual, docIds.padSignUserManual]);
  });

  it('the three sidebar-less docs are in no sidebar, and every other doc is in one', () => {
    const inSidebars = Object.values(sidebars).flatMap((items) => docIdsIn(items as Item[]));
    for (const id of docsWithoutSidebar) expect(inSidebars).not.toContain(id);
    for (const id of allDocIds.filter((d) => !docsWithoutSidebar.includes(d))) expect(inSidebars).toContain(id);
  });

  it('categories do not start collapsed', () => {
    const categories = (sidebars.main as Item[]).filter((item) => typeof item !== 'string');
    for (const category of categories) expect(category).toMatchObject({collapsed: false});
  });

  it('doc URLs percent-encode spaces', () => {
    expect(docUrl(docIds.archiveService)).toBe('/docs/Archive%20Service');
    expect(docUrl(docIds.padSign)).toBe('/docs/PadSign%202.0');
  });
});
