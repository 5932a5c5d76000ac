/**
 * Every rewrite of Redoc's server markup and stylesheet (./compact, ./fewerElements, ./a11y) under a name, with
 * the file it lives in and what it looks for. They are written against what Redoc 2.4, styled-components and
 * react-tabs render today; after an upgrade of one of them a rewrite that no longer finds anything would not
 * fail on its own: the pages would just grow again, or lose a repair. So each counts what it changed, and the
 * build renders a canary reference that uses every one (./canary.ts: unmatchedRewrites, run once per server
 * build by ./StaticRedoc.server.tsx) and stops with the file, the name and the pattern of each that changed nothing.
 */

/** One rewrite: where it is and what it looks for (a regular expression, or a description of a tree edit). */
export interface Rewrite {
  readonly file: string;
  readonly name: string;
  readonly pattern: string;
}

/** A rewrite that is one regular expression, applied with replaceCounted. */
export interface PatternRewrite extends Rewrite {
  readonly regex: RegExp;
}

const registry: Rewrite[] = [];
/** The count of each rewrite while unmatchedRewrites runs; outside it nothing is counted. */
let tally: Map<Rewrite, number> | undefined;

/** A rewrite made by hand (a tree edit), counted with `counted`. */
export function defineRewrite(file: string, name: string, pattern: string): Rewrite {
  const rewrite = {file, name, pattern};
  registry.push(rewrite);
  return rewrite;
}

/** A rewrite that is one regular expression (with the global flag: every match is rewritten). */
export function definePattern(file: string, name: string, regex: RegExp): PatternRewrite {
  if (!regex.global) throw new Error(`[portal-api-reference] the rewrite "${name}" of ${file} needs the g flag`);
  const rewrite = {file, name, pattern: String(regex), regex};
  registry.push(rewrite);
  return rewrite;
}

/** Records that `rewrite` changed something `times` times. */
export function counted(rewrite: Rewrite, times = 1): void {
  if (tally && times > 0) tally.set(rewrite, (tally.get(rewrite) ?? 0) + times);
}

/**
 * `text.replace` with the rewrite's expression, counting its matches. A replacer that returns the match as it
 * is (a case the rewrite leaves alone) still counts: the pattern found what it was written for.
 */
export function replaceCounted(
  text: string,
  rewrite: PatternRewrite,
  replacer: (match: string, ...rest: never[]) => string,
): string {
  return text.replace(rewrite.regex, (...args: unknown[]) => {
    counted(rewrite);
    return (replacer as (...values: unknown[]) => string)(...args);
  });
}

/** The matches of the rewrite's expression in `text`, counted. */
export function matchAllCounted(text: string, rewrite: PatternRewrite): RegExpExecArray[] {
  const matches = [...text.matchAll(rewrite.regex)];
  counted(rewrite, matches.length);
  return matches;
}

/** The rewrites that changed nothing while `render` ran. */
export function unmatchedRewrites(render: () => void): Rewrite[] {
  tally = new Map();
  try {
    render();
    const seen = tally;
    return registry.filter((rewrite) => !seen.get(rewrite));
  } finally {
    tally = undefined;
  }
}

/** Every rewrite, for the tests. */
export const allRewrites = (): readonly Rewrite[] => registry;

/** Takes a rewrite out of the registry again: a test's made-up rewrite must not stay for the tests after it. */
export function forgetRewrite(rewrite: Rewrite): void {
  const index = registry.indexOf(rewrite);
  if (index >= 0) registry.splice(index, 1);
}
