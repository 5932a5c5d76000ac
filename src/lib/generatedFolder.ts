/**
 * A folder the build writes anew each time (the Markdown twins, the search index), written in place: each
 * file is written (its folders made), then the files of an earlier run that were not written again are
 * removed. `npm start` serves these folders while they are rewritten after an edit: a reader never finds one
 * empty or half removed, as it would if the folder were emptied first. A file whose content has not changed
 * is left alone, so the dev server's watcher sees only the files an edit changed. Node only.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Writes one file of the folder, by its path inside it. */
export type PutFile = (file: string, content: string) => Promise<void>;

export async function rewriteFolder(dir: string, write: (put: PutFile) => Promise<void>): Promise<void> {
  const written = new Set<string>();
  await write(async (file, content) => {
    const target = path.resolve(dir, file.replace(/^\/+/, ''));
    if (!target.startsWith(`${path.resolve(dir)}${path.sep}`)) throw new Error(`${file} is outside ${dir}`);
    written.add(target);
    if ((await fs.readFile(target, 'utf8').catch(() => undefined)) === content) return;
    await fs.mkdir(path.dirname(target), {recursive: true});
    await fs.writeFile(target, content);
  });
  await removeOthers(path.resolve(dir), written);
}

/** Removes the files under `dir` that are not in `keep`, and the folders left empty; true when `dir` is empty. */
async function removeOthers(dir: string, keep: ReadonlySet<string>): Promise<boolean> {
  let entries;
  try {
    entries = await fs.readdir(dir, {withFileTypes: true});
  } catch {
    return true;
  }
  let empty = true;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (await removeOthers(full, keep)) await fs.rmdir(full).catch(() => undefined);
      else empty = false;
    } else if (keep.has(full)) empty = false;
    else await fs.rm(full, {force: true});
  }
  return empty;
}
