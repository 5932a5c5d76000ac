/**
 * What the command-line scripts (`npm run api:diff`, `npm run api:changes`) share: each has a
 * `run(argv, cwd)` that resolves to its exit code (0 done, 1 a finding, 2 bad input it has
 * explained), and ends with `exitWith(run(...))`.
 */

/** Sets the process's exit code from `code`; an error nobody expected prints its stack and exits with 2. */
export function exitWith(code: Promise<number>): void {
  code.then(
    (value) => {
      process.exitCode = value;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 2;
    },
  );
}
