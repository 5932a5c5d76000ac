/**
 * The API change report as text (terminal, CI log) and as Markdown (the
 * GitHub job summary a reviewer reads on the pull request's checks page).
 */
import {
  breakingChanges,
  hasChanges,
  type Change,
  type OperationChanges,
  type OperationRef,
  type SpecReport,
} from '../../src/lib/api-diff/compare';

const opName = (op: OperationRef): string => `${op.method} ${op.path}${op.operationId ? ` (${op.operationId})` : ''}`;

const STATUS = {added: 'new file', removed: 'file removed', present: ''} as const;

const serviceHeading = (report: SpecReport): string =>
  `${report.service} (${report.file}${report.status === 'present' ? '' : `, ${STATUS[report.status]}`})`;

const changeLine = (change: Change): string =>
  `${change.kind === 'breaking' ? 'BREAKING ' : `${change.kind}: `}${change.description}${change.explanation ? ` ${change.explanation}` : ''}`;

/** Plain-text report. */
export function formatText(reports: readonly SpecReport[], ref: string): string {
  const lines = [`API change report: ${ref} -> working tree`, ''];
  const changed = reports.filter(hasChanges);
  for (const report of changed) {
    lines.push(serviceHeading(report));
    if (report.added.length > 0) {
      lines.push(`  Added operations (${report.added.length}):`);
      for (const op of report.added) lines.push(`    + ${opName(op)}`);
    }
    if (report.removed.length > 0) {
      lines.push(`  Removed operations (${report.removed.length}), BREAKING:`);
      for (const op of report.removed) lines.push(`    - ${opName(op)}`);
    }
    if (report.moved.length > 0) {
      lines.push(`  Documented under new paths, same URLs (${report.moved.length}):`);
      for (const move of report.moved) lines.push(`    > ${move.description}`);
    }
    if (report.changed.length > 0) {
      lines.push(`  Changed operations (${report.changed.length}):`);
      for (const op of report.changed) {
        lines.push(`    ~ ${opName(op)}`);
        for (const change of op.changes) lines.push(`        ${changeLine(change)}`);
      }
    }
    if (report.other.length > 0) {
      lines.push('  Other changes:');
      for (const change of report.other) lines.push(`    ${changeLine(change)} (${change.pointer})`);
    }
    lines.push('');
  }
  const unchanged = reports.filter((r) => !hasChanges(r)).map((r) => r.service);
  if (unchanged.length > 0) lines.push(`No changes: ${unchanged.join(', ')}`, '');
  const breaking = reports.flatMap(breakingChanges);
  if (breaking.length === 0) {
    lines.push('No breaking changes.');
  } else {
    lines.push(`Breaking changes (${breaking.length}):`, ...breaking.map((b) => `  ${b}`));
  }
  return `${lines.join('\n')}\n`;
}

/** Escapes what Markdown table cells and inline text would otherwise interpret. */
const md = (text: string): string => text.replace(/\|/g, '\\|').replace(/</g, '&lt;');
const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

/** Markdown report for $GITHUB_STEP_SUMMARY. */
export function formatMarkdown(reports: readonly SpecReport[], ref: string, note?: string): string {
  const breaking = reports.flatMap(breakingChanges);
  const changed = reports.filter(hasChanges);
  const out = [`## API change report`, '', `OpenAPI files at ${code(ref)} compared with this branch.`, ''];
  if (breaking.length > 0) {
    out.push(`**${breaking.length} breaking change${breaking.length === 1 ? '' : 's'}** for API clients:`, '');
    for (const b of breaking) out.push(`- ${md(b)}`);
    out.push('');
  } else {
    out.push('No breaking changes.', '');
  }
  if (note) out.push(note, '');
  for (const report of changed) {
    out.push(`### ${md(serviceHeading(report))}`, '');
    // Operations whose only changes are in their texts (descriptions, summaries, examples) fold away.
    const textOnly = (op: OperationChanges) => op.changes.every((c) => c.kind === 'annotation');
    const rows: string[] = [];
    for (const op of report.added) rows.push(`| added | ${code(opName(op))} | |`);
    for (const op of report.removed) rows.push(`| **removed (breaking)** | ${code(opName(op))} | |`);
    for (const move of report.moved) {
      rows.push(`| moved (same URLs) | ${code(opName(move.from))} | ${md(move.description)} |`);
    }
    for (const op of report.changed.filter((o) => !textOnly(o))) {
      const details = op.changes.map((c) => md(changeLine(c))).join('<br>');
      const kind = op.changes.some((c) => c.kind === 'breaking') ? '**changed (breaking)**' : 'changed';
      rows.push(`| ${kind} | ${code(opName(op))} | ${details} |`);
    }
    for (const change of report.other.filter((c) => c.kind !== 'annotation')) {
      rows.push(`| other | ${code(change.pointer)} | ${md(changeLine(change))} |`);
    }
    if (rows.length > 0) out.push('| Change | Operation | Details |', '| --- | --- | --- |', ...rows, '');
    const texts = [
      ...report.changed
        .filter(textOnly)
        .map((op) => `- ${code(opName(op))}: ${op.changes.map((c) => md(c.description)).join('; ')}`),
      ...report.other.filter((c) => c.kind === 'annotation').map((c) => `- ${code(c.pointer)}: ${md(c.description)}`),
    ];
    if (texts.length > 0) {
      out.push(`<details><summary>Text-only changes (${texts.length})</summary>`, '', ...texts, '', '</details>', '');
    }
  }
  const unchanged = reports.filter((r) => !hasChanges(r)).map((r) => r.service);
  if (unchanged.length > 0) out.push(`Unchanged: ${unchanged.join(', ')}.`, '');
  return `${out.join('\n')}\n`;
}
