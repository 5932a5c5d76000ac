/**
 * npm run api:diff -- <git-ref> [--summary <file>] [--allow-breaking <reason>]
 *
 * Compares every OpenAPI document under openapi/ at <git-ref> with the working
 * tree and prints, per service, the operations added, removed and changed,
 * and every breaking change with its file, path, method and operationId.
 *
 * --summary <file>          also appends the report as Markdown to <file>
 *                           (in GitHub Actions: "$GITHUB_STEP_SUMMARY")
 * --allow-breaking <reason> report breaking changes but exit 0, saying why
 *                           (CI passes the pull request's approval label)
 *
 * Exit codes: 0 no breaking change (or allowed), 1 breaking changes, 2 usage
 * error or unknown ref.
 */
import fs from 'node:fs';
import {parseArgs} from 'node:util';
import {breakingChanges, compareSpec, type SpecReport} from '../../src/lib/api-diff/compare';
import {loadAtRef, loadWorkingTree, repositoryRoot, UsageError, verifyRef} from './load';
import {formatMarkdown, formatText} from './report';
import {exitWith} from '../cli';

const USAGE = 'Usage: npm run api:diff -- <git-ref> [--summary <file>] [--allow-breaking <reason>]';

export async function run(argv: string[], cwd: string): Promise<number> {
  let ref: string;
  let summary: string | undefined;
  let allowBreaking: string | undefined;
  try {
    const {positionals, values} = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {summary: {type: 'string'}, 'allow-breaking': {type: 'string'}},
    });
    if (positionals.length !== 1) throw new UsageError('Give exactly one git ref to compare with.');
    ref = positionals[0]!;
    summary = values.summary;
    allowBreaking = values['allow-breaking'];
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }

  try {
    const root = repositoryRoot(cwd);
    verifyRef(root, ref);
    const [before, after] = await Promise.all([loadAtRef(root, ref), loadWorkingTree(root)]);
    const files = [...new Set([...before.keys(), ...after.keys()])].sort();
    const reports: SpecReport[] = await Promise.all(
      files.map((file) => compareSpec(file, before.get(file), after.get(file))),
    );
    const breaking = reports.flatMap(breakingChanges);

    process.stdout.write(formatText(reports, ref));
    const note =
      breaking.length > 0 && allowBreaking !== undefined
        ? `Breaking changes accepted: ${allowBreaking}.`
        : breaking.length > 0
          ? 'A maintainer who accepts these changes adds the label `breaking-change-approved` to the pull request.'
          : undefined;
    if (note) console.log(note);
    if (summary) fs.appendFileSync(summary, formatMarkdown(reports, ref, note));
    return breaking.length > 0 && allowBreaking === undefined ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

exitWith(run(process.argv.slice(2), process.cwd()));
