/**
 * Client module: Docusaurus prefetches the chunks of every route whose link
 * scrolls into view. On a doc page that is every sidebar, navbar and footer
 * link at once, a single main-thread task of a few hundred <link
 * rel="prefetch"> insertions right after the page became interactive (a long
 * task on a phone). This module queues those calls and runs them one by one
 * in idle time. What is prefetched, and the data-saver and 2G checks, stay
 * Docusaurus's own: each queued call goes to the original prefetch.
 */
import type {ClientModule} from '@docusaurus/types';
import {whenIdle} from '../../lib/idle';

type Prefetch = (routePath: string) => boolean;
type DocusaurusGlobal = {prefetch: Prefetch; preload: (routePath: string) => boolean};

const queue = new Set<string>();
let scheduled = false;
let original: Prefetch | undefined;

function drain(deadline?: IdleDeadline): void {
  scheduled = false;
  for (const routePath of queue) {
    if (deadline && deadline.timeRemaining() < 4 && !deadline.didTimeout) break;
    queue.delete(routePath);
    original?.(routePath);
    if (!deadline) break;
  }
  if (queue.size > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  whenIdle(drain, 2000, 50);
}

/** Replaces window.docusaurus (a frozen object) with one whose prefetch is deferred. */
export function deferPrefetch(): void {
  const current = (window as unknown as {docusaurus?: DocusaurusGlobal}).docusaurus;
  if (!current || original) return;
  original = current.prefetch;
  const deferred: DocusaurusGlobal = Object.freeze({
    ...current,
    prefetch: (routePath: string) => {
      queue.add(routePath);
      schedule();
      return true;
    },
  });
  (window as unknown as {docusaurus: DocusaurusGlobal}).docusaurus = deferred;
}

const clientModule: ClientModule = {
  // Runs after the first render, before the link observers report anything.
  onRouteDidUpdate() {
    deferPrefetch();
  },
};

export default clientModule;
