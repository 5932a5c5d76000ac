/**
 * npm run facts: per install doc, how many facts it states and the verdicts of
 * their last check; the totals; then every fact that is not verified (no
 * verdict, no date, no source where the verdict needs one, a source that is
 * not a repository path or a documentation page, a malformed comment), as
 * file:line and its first words, so a writer can fix its comment. A
 * "Recommended:" sentence is a fact of its own (advice), apart from the
 * sourced sentences of its row or paragraph.
 * Then every link to an operation that the specs do not have. Exits 1 when
 * any fact is not verified or any such link is broken.
 */
import {allFacts, brokenOperationLinks, isValidSource, isVerified, VERDICTS, type Fact} from './facts';

const facts = allFacts(process.cwd());
const count = (list: Fact[]) => {
  const byVerdict = new Map<string, number>(VERDICTS.map((v) => [v, 0]));
  for (const fact of list) if (fact.verdict) byVerdict.set(fact.verdict, byVerdict.get(fact.verdict)! + 1);
  return VERDICTS.map((v) => `${v} ${byVerdict.get(v)}`).join(', ');
};

const files = [...new Set(facts.map((f) => f.file))];
for (const file of files) {
  const own = facts.filter((f) => f.file === file);
  const verified = own.filter(isVerified).length;
  console.log(`${String(verified).padStart(4)} / ${String(own.length).padEnd(4)} ${file}  (${count(own)})`);
}

const dates = [...new Set(facts.flatMap((f) => (f.checked ? [f.checked] : [])))].sort();
const unverified = facts.filter((f) => !isVerified(f));
console.log(
  `\n${facts.length} facts, ${facts.length - unverified.length} verified, ${unverified.length} not: ${count(facts)}.` +
    (dates.length ? ` Checked ${dates[0]}${dates.length > 1 ? ` to ${dates.at(-1)}` : ''}.` : '') +
    ` ${facts.filter((f) => f.recommended).length} are "Recommended:" sentences (advice, never counted as sourced).`,
);
for (const fact of unverified) {
  const why = [
    ...(fact.verdict ? [] : [fact.sources.length ? 'no verdict' : 'no source and no verdict']),
    ...fact.problems,
    ...fact.sources
      .filter((s) => !isValidSource(s))
      .map((s) => `"${s}" is neither owner/repo:path nor an https:// page`),
  ];
  console.log(`${fact.file}:${fact.line}: ${why.join('; ')}: ${fact.text.slice(0, 100)}`);
}
const broken = brokenOperationLinks(process.cwd(), facts);
for (const line of broken) console.log(line);
process.exitCode = unverified.length + broken.length > 0 ? 1 : 0;
