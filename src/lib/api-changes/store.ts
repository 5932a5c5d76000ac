/**
 * Where the API change history lives: api-changes/<spec id>.yaml holds the
 * entries of one spec (newest first), api-changes/<spec id>/<revision>.yaml
 * the spec as it was published in that version, byte for byte.
 * handbook/api-changes.md explains the choice; `npm run api:changes` writes
 * both, the site reads them, tests/unit/api-changes.test.ts checks that
 * every spec under openapi/ is its latest recorded version.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse, stringify} from 'yaml';
import type {ChangeEntry, ChangeHistory} from './entry';

export const HISTORY_DIR = 'api-changes';

const HEADER = (specId: string) =>
  `# Change history of openapi/${specId}.yaml, newest first, written by \`npm run api:changes\`.\n` +
  `# Edit only the \`note:\` of an entry (a writer's words shown above it) and \`documentationOnly: true\` (the server did not change; run\n` +
  `# \`npm run api:changes -- --backfill\` after setting it); everything else comes from the specs.\n`;

export const historyFile = (siteDir: string, specId: string): string =>
  path.join(siteDir, HISTORY_DIR, `${specId}.yaml`);

export const snapshotFile = (siteDir: string, specId: string, revision: string): string =>
  path.join(siteDir, HISTORY_DIR, specId, `${revision}.yaml`);

export class HistoryError extends Error {}

const isEntry = (value: unknown): value is ChangeEntry => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<ChangeEntry>;
  return (
    typeof entry.revision === 'string' &&
    /^\d{4}-\d{2}-\d{2}(-\d+)?$/.test(entry.revision) &&
    typeof entry.date === 'string' &&
    typeof entry.versionAfter === 'string' &&
    typeof entry.breaking === 'boolean' &&
    [entry.added, entry.removed, entry.deprecated, entry.changed, entry.other].every(Array.isArray) &&
    (entry.note === undefined || typeof entry.note === 'string') &&
    (entry.documentationOnly === undefined || entry.documentationOnly === true)
  );
};

/** The recorded history of a spec, or undefined when it has none yet. Throws on a malformed file. */
export function readHistory(siteDir: string, specId: string): ChangeHistory | undefined {
  const file = historyFile(siteDir, specId);
  if (!fs.existsSync(file)) return undefined;
  const data = parse(fs.readFileSync(file, 'utf8')) as {specId?: unknown; entries?: unknown} | null;
  const where = path.relative(siteDir, file);
  if (data?.specId !== specId) throw new HistoryError(`${where}: specId must be ${specId}`);
  if (!Array.isArray(data.entries) || data.entries.length === 0) throw new HistoryError(`${where} has no entries`);
  data.entries.forEach((entry, i) => {
    if (!isEntry(entry)) throw new HistoryError(`${where}: entry ${i + 1} is not a change entry`);
  });
  const entries = data.entries as ChangeEntry[];
  entries.forEach((entry, i) => {
    const older = entries[i + 1];
    if (entry.previous !== older?.revision) {
      throw new HistoryError(`${where}: ${entry.revision} must follow ${older?.revision ?? 'nothing (first entry)'}`);
    }
    if (!fs.existsSync(snapshotFile(siteDir, specId, entry.revision))) {
      throw new HistoryError(`${where}: the spec of ${entry.revision} is missing (${HISTORY_DIR}/${specId}/)`);
    }
  });
  return {specId, entries};
}

/** The spec as published in one version, as written. */
export const readSnapshot = (siteDir: string, specId: string, revision: string): string =>
  fs.readFileSync(snapshotFile(siteDir, specId, revision), 'utf8');

/** The history of every spec; throws (naming the command that writes it) when one is missing. */
export function readHistories(siteDir: string, specIds: readonly string[]): ChangeHistory[] {
  return specIds.map((specId) => {
    const history = readHistory(siteDir, specId);
    if (!history) {
      throw new HistoryError(
        `${HISTORY_DIR}/${specId}.yaml is missing: every API needs its change history (npm run api:changes -- --backfill).`,
      );
    }
    return history;
  });
}

/** The history file's text. */
export const historyText = (history: ChangeHistory): string =>
  HEADER(history.specId) + stringify({specId: history.specId, entries: history.entries}, {lineWidth: 0});

/** Writes the entries and the spec of each version, and removes snapshots no entry names. */
export function writeHistory(siteDir: string, history: ChangeHistory, snapshots: ReadonlyMap<string, string>): void {
  const dir = path.join(siteDir, HISTORY_DIR, history.specId);
  fs.mkdirSync(dir, {recursive: true});
  const keep = new Set(history.entries.map((entry) => `${entry.revision}.yaml`));
  for (const file of fs.readdirSync(dir)) if (!keep.has(file)) fs.rmSync(path.join(dir, file));
  for (const entry of history.entries) {
    const source = snapshots.get(entry.revision) ?? readSnapshot(siteDir, history.specId, entry.revision);
    fs.writeFileSync(snapshotFile(siteDir, history.specId, entry.revision), source);
  }
  fs.writeFileSync(historyFile(siteDir, history.specId), historyText(history));
}
