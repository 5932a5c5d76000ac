/**
 * `@theme/ApiDoc` of the api-reference plugin, in place of docusaurus-theme-redoc's:
 * the page of one API reference. Differs from the stock page in three ways: it receives a few
 * strings instead of the whole spec (see ../../index.ts), the meta
 * description is the one-line summary of the service (the stock page used the
 * whole Markdown info.description), and a download bar offers the spec files and links the API's change history.
 *
 * On the overview of a reference cut into tag pages (src/lib/openapi/pages.ts), a link of the one-page days
 * (`/api/<id>#tag/<Tag>/operation/...`) goes on to the tag page: a script in the head sends a page load there
 * before the overview is parsed, and a client-side navigation is replaced by one to it.
 */
import {type ReactNode, useEffect} from 'react';
import Head from '@docusaurus/Head';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory, useLocation} from '@docusaurus/router';
import Layout from '@theme/Layout';
import Redoc from '../Redoc';
import ApiDownloads from '@site/src/components/ApiDownloads';
import {apiSpecs} from '@site/src/config/apiSpecs';
import {tagPageRedirect} from '@site/src/lib/openapi/pages';
import {changesUrl} from '@site/src/lib/openapi/urls';
import type {ApiPageProps} from '../Redoc/types';

interface Props {
  specProps: ApiPageProps;
}

/** The head script of an overview: the same lookup as tagPageRedirect, run before the body is parsed. */
const redirectScript = (routes: Record<string, string>): string =>
  `(function(){var t=(${tagPageRedirect.toString()})(location.hash,${JSON.stringify(routes)});if(t)location.replace(t)})()`;

function useTagPageRedirect(routes: Record<string, string> | undefined): void {
  const {hash} = useLocation();
  const history = useHistory();
  useEffect(() => {
    const target = routes && tagPageRedirect(hash, routes);
    if (target) history.replace(target);
  }, [hash, history, routes]);
}

export default function ApiDoc({specProps}: Props): ReactNode {
  const isBrowser = useIsBrowser();
  useTagPageRedirect(specProps.tagRoutes);
  return (
    <Layout title={specProps.title} description={specProps.summary}>
      {/* Until the page knows it runs in a browser: in the served HTML, where a load runs it before the body is
          parsed, and on the first render under npm start, where Helmet adds it to the head. A client-side
          navigation to the overview is replaced by the router's effect above. */}
      {specProps.tagRoutes && !isBrowser && (
        <Head>
          <script>{redirectScript(specProps.tagRoutes)}</script>
        </Head>
      )}
      {/* The page's one main landmark, as on doc and blog pages (the skip link leads here). */}
      <main>
        <ApiDownloads
          specId={specProps.specId}
          label={specProps.label}
          // The APIs of src/config/apiSpecs.ts have a change history; the benchmark's scale fixture has none.
          historyHref={apiSpecs.some((spec) => spec.id === specProps.specId) ? changesUrl(specProps.specId) : undefined}
        />
        <Redoc {...specProps} />
      </main>
    </Layout>
  );
}
