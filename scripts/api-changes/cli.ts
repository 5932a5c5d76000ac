/**
 * npm run api:changes [-- --backfill] [--date YYYY-MM-DD]
 *
 * Records the API change history (api-changes/, see handbook/api-changes.md):
 * every spec under openapi/ that differs from its latest recorded version
 * gets a new entry, made by the api:diff engine, and its text is kept as
 * that version's spec. Run it in the pull request that changes a spec; CI
 * fails while a spec and its history disagree.
 *
 * --backfill  writes the histories anew from git: one entry per commit on the
 *             first-parent line of HEAD (what landed on main) that changed a
 *             spec, then the working tree's changes. Writers' notes and documentation-only flags are kept
 *             (matched by commit, or by revision). Fails in a shallow clone.
 * --date      the date of new entries (default: today, UTC).
 *
 * Exit codes: 0 done, 2 usage error or a history that cannot be read.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {format, resolveConfig} from 'prettier';
import {parse} from 'yaml';
import {apiSpecs} from '../../src/config/apiSpecs';
import type {ChangeEntry, ChangeHistory} from '../../src/lib/api-changes/entry';
import {nextRevision, recordEntry} from '../../src/lib/api-changes/model';
import {
  HISTORY_DIR,
  historyFile,
  HistoryError,
  readHistory,
  readSnapshot,
  writeHistory,
} from '../../src/lib/api-changes/store';
import {exitWith} from '../cli';

const USAGE = 'Usage: npm run api:changes [-- --backfill] [--date YYYY-MM-DD]';

const git = (root: string, args: string[]): string =>
  execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

interface Version {
  source: string;
  date: string;
  commit?: string;
  /** The commit's time (ISO 8601 UTC), or now for a version of the working tree recorded today. */
  published?: string;
}

/** The versions of a spec on the first-parent line of HEAD, oldest first. */
function versionsInGit(root: string, specId: string): Version[] {
  const file = `openapi/${specId}.yaml`;
  const log = git(root, ['log', '--first-parent', '--reverse', '--format=%H %cs %cI', 'HEAD', '--', file]).trim();
  const versions: Version[] = [];
  for (const line of log.split('\n').filter(Boolean)) {
    const [commit, date, time] = line.split(' ') as [string, string, string];
    let source: string;
    try {
      source = git(root, ['show', `${commit}:${file}`]);
    } catch {
      continue; // deleted in this commit
    }
    versions.push({source, date, commit, published: new Date(time).toISOString()});
  }
  return versions;
}

/** What a writer adds to an entry, kept when the entries are written again: the note and the documentation-only flag. */
type WritersWords = Pick<ChangeEntry, 'note' | 'documentationOnly'>;

/** Appends `version` to the history when its text differs from the latest recorded one. */
async function record(
  specId: string,
  history: ChangeHistory,
  snapshots: Map<string, string>,
  version: Version,
  kept: ReadonlyMap<string, WritersWords>,
): Promise<boolean> {
  const latest = history.entries[0];
  const latestSource = latest ? snapshots.get(latest.revision) : undefined;
  if (latestSource === version.source) return false;
  const taken = history.entries.map((e) => e.revision);
  const words = kept.get(version.commit ?? '') ?? kept.get(nextRevision(version.date, taken)) ?? {};
  const entry: ChangeEntry = await recordEntry({
    specId,
    ...(latest && latestSource !== undefined && {before: {doc: parse(latestSource), revision: latest.revision}}),
    after: parse(version.source),
    date: version.date,
    taken,
    ...(version.commit !== undefined && {commit: version.commit}),
    ...(version.published !== undefined && {published: version.published}),
    ...(words.note !== undefined && {note: words.note}),
    ...(words.documentationOnly === true && {documentationOnly: true}),
  });
  history.entries.unshift(entry);
  snapshots.set(entry.revision, version.source);
  return true;
}

export async function run(argv: string[], cwd: string): Promise<number> {
  let backfill = false;
  let date = new Date().toISOString().slice(0, 10);
  try {
    const {values} = parseArgs({args: argv, options: {backfill: {type: 'boolean'}, date: {type: 'string'}}});
    backfill = values.backfill ?? false;
    if (values.date !== undefined) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) throw new Error(`--date ${values.date} is not YYYY-MM-DD`);
      date = values.date;
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const root = git(cwd, ['rev-parse', '--show-toplevel']).trim();
  if (backfill && git(root, ['rev-parse', '--is-shallow-repository']).trim() === 'true') {
    console.error(
      'This clone is shallow: its git history is cut off, and a back-filled history would be too. Run `git fetch --unshallow` first.',
    );
    return 2;
  }

  try {
    for (const {id} of apiSpecs) {
      const existing = readHistory(root, id);
      const kept = new Map<string, WritersWords>();
      for (const entry of existing?.entries ?? []) {
        if (entry.note === undefined && entry.documentationOnly === undefined) continue;
        const words: WritersWords = {
          ...(entry.note !== undefined && {note: entry.note}),
          ...(entry.documentationOnly === true && {documentationOnly: true}),
        };
        kept.set(entry.revision, words);
        if (entry.commit) kept.set(entry.commit, words);
      }
      const history: ChangeHistory = backfill || !existing ? {specId: id, entries: []} : existing;
      const snapshots = new Map<string, string>();
      for (const entry of history.entries) snapshots.set(entry.revision, readSnapshot(root, id, entry.revision));

      const added: string[] = [];
      if (backfill) {
        for (const version of versionsInGit(root, id)) {
          if (await record(id, history, snapshots, version, kept)) added.push(history.entries[0]!.revision);
        }
      }
      const now = new Date().toISOString();
      const current: Version = {
        source: fs.readFileSync(path.join(root, 'openapi', `${id}.yaml`), 'utf8'),
        date,
        // Dated today: the time is now; dated otherwise (--date), the entry has its day only.
        ...(now.startsWith(date) && {published: now}),
      };
      if (await record(id, history, snapshots, current, kept)) added.push(history.entries[0]!.revision);

      if (added.length === 0 && !backfill) continue;
      writeHistory(root, history, snapshots);
      // The entries follow the repository's formatting, so `npm run lint` passes on them as written.
      const file = historyFile(root, id);
      fs.writeFileSync(
        file,
        await format(fs.readFileSync(file, 'utf8'), {...(await resolveConfig(file)), filepath: file}),
      );
      console.log(
        `${HISTORY_DIR}/${id}.yaml: ${history.entries.length} version(s)${added.length > 0 ? `, recorded ${added.join(', ')}` : ''}`,
      );
    }
  } catch (error) {
    if (error instanceof HistoryError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  return 0;
}

exitWith(run(process.argv.slice(2), process.cwd()));
