#!/usr/bin/env node
/**
 * Runs a command while every core of the machine is kept busy beside it, to
 * check that the tests hold on a loaded CI runner:
 *
 *   npm run test:busy                       # npm run test:e2e, three times in a row, cores busy
 *   node scripts/busy.mjs --runs 1 -- npm test
 *   node scripts/busy.mjs --loops 4 -- npx playwright test tests/e2e/anchors.spec.ts
 *
 * Each busy loop is a child process spinning on the CPU (as many as the
 * machine has cores, unless --loops says otherwise); they are stopped when the
 * command ends. The runs stop at the first failure; the exit code is the
 * command's. Each run's duration is printed.
 */
import {spawn} from 'node:child_process';
import os from 'node:os';
import {parseArgs} from 'node:util';

const separator = process.argv.indexOf('--');
const {values} = parseArgs({
  args: process.argv.slice(2, separator < 0 ? undefined : separator),
  options: {runs: {type: 'string', default: '3'}, loops: {type: 'string', default: String(os.cpus().length)}},
});
const command = separator < 0 ? ['npm', 'run', 'test:e2e'] : process.argv.slice(separator + 1);
const runs = Number(values.runs);
const loops = Number(values.loops);
if (command.length === 0 || !Number.isInteger(runs) || runs < 1 || !Number.isInteger(loops) || loops < 0) {
  console.error('Usage: node scripts/busy.mjs [--runs 3] [--loops <cores>] -- <command...>');
  process.exit(2);
}

const spinners = Array.from({length: loops}, () => spawn(process.execPath, ['-e', 'for (;;) {}'], {stdio: 'ignore'}));
const stopSpinners = () => spinners.forEach((child) => child.kill('SIGKILL'));
process.on('exit', stopSpinners);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/** @returns {Promise<number>} the command's exit code */
const runOnce = () =>
  new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {stdio: 'inherit'});
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

console.log(`[busy] ${loops} busy loop(s) beside: ${command.join(' ')} (${runs} run(s))`);
let code = 0;
for (let run = 1; run <= runs && code === 0; run++) {
  const started = Date.now();
  code = await runOnce();
  console.log(`[busy] run ${run}/${runs}: exit ${code} after ${((Date.now() - started) / 60000).toFixed(1)} min`);
}
process.exit(code);
