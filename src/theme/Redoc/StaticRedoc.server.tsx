/**
 * Server side of the static Redoc: renders the full reference (and the CSS of
 * its styled-components) to HTML once per page at build time.
 */
import type {ReactNode} from 'react';
import {renderToString} from 'react-dom/server';
import {ServerStyleSheet} from 'styled-components';
import {AppStore, Redoc} from 'redoc';
import type {RedocViewProps} from './types';

export default function StaticRedoc({spec, url, options}: RedocViewProps & {fetched?: unknown}): ReactNode {
  const store = new AppStore(spec, url, options);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<Redoc store={store} />));
    const css = sheet.instance.toString();
    return (
      <>
        <style className="redocusaurus-static-styles" dangerouslySetInnerHTML={{__html: css}} />
        <div className="redocusaurus redocusaurus-static" dangerouslySetInnerHTML={{__html: html}} />
      </>
    );
  } finally {
    sheet.seal();
  }
}
