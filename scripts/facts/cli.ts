/**
 * npm run facts: how many facts each install doc states, how many keep their
 * source, and every fact without one (file:line and its first words), so a
 * writer can add the `{/* source: ... *\/}` comment. Exits 1 when a fact has
 * no source or a source that is not a repository path or a documentation page.
 */
import {allFacts, isValidSource} from './facts';

const facts = allFacts(process.cwd());
const perFile = new Map<string, {all: number; sourced: number}>();
for (const fact of facts) {
  const entry = perFile.get(fact.file) ?? {all: 0, sourced: 0};
  entry.all++;
  if (fact.sources.length > 0) entry.sourced++;
  perFile.set(fact.file, entry);
}
for (const [file, {all, sourced}] of perFile)
  console.log(`${String(sourced).padStart(4)} / ${String(all).padEnd(4)} ${file}`);

const unsourced = facts.filter((fact) => fact.sources.length === 0);
const invalid = facts.flatMap((fact) =>
  fact.sources.filter((source) => !isValidSource(source)).map((source) => ({fact, source})),
);
console.log(`\n${facts.length} facts, ${facts.length - unsourced.length} with a source, ${unsourced.length} without.`);
for (const fact of unsourced) {
  console.log(`${fact.file}:${fact.line}: no source for this ${fact.kinds.join('/')} fact: ${fact.text.slice(0, 100)}`);
}
for (const {fact, source} of invalid) {
  console.log(`${fact.file}:${fact.line}: "${source}" is neither owner/repo:path, portal:path nor an https:// page`);
}
process.exitCode = unsourced.length + invalid.length > 0 ? 1 : 0;
