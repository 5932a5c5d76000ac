/**
 * Server side of the static Redoc: renders the full reference (and the CSS of
 * its styled-components) to HTML once per page at build time. The specs come
 * from `@portal/server-specs`, a module that exists in the server build only
 * (an alias of ../../index.ts), so no page's browser JavaScript holds a spec.
 * The browser's twin, StaticRedoc.client.tsx, keeps this HTML (KeepServerHtml).
 */
import type {ReactNode} from 'react';
import serverSpecs from '@portal/server-specs';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import {repairedMark} from './a11y';
import {renderStaticReference} from './renderStatic';
import {assertRewritesMatch} from './canary';
import type {RedocViewProps} from './types';

/** Whether this server build checked its rewrites on the canary yet (see ./canary.ts). */
let rewritesChecked = false;

export default function StaticRedoc({pageKey, url, options}: RedocViewProps & {fetched?: unknown}): ReactNode {
  if (!rewritesChecked) {
    // Once: a failure stops the build with one message, not one per page.
    rewritesChecked = true;
    assertRewritesMatch();
  }
  const spec = serverSpecs[pageKey];
  if (!spec) throw new Error(`No rendered spec for "${pageKey}" in @portal/server-specs`);
  let reference;
  try {
    reference = renderStaticReference(spec, url, options);
  } catch (error) {
    // One line that names the page, rather than a stack trace from inside Redoc.
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    const failure = new Error(`Redoc could not render the API page of "${pageKey}" (${url}): ${reason}`);
    failure.stack = failure.message;
    throw failure;
  }
  const {html, css} = reference;
  return (
    <>
      <KeepServerHtml as="style" className="redocusaurus-static-styles" html={css} />
      <KeepServerHtml className="redocusaurus redocusaurus-static" html={html} {...repairedMark} />
    </>
  );
}
