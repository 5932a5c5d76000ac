/**
 * `@theme/ApiDoc` of the api-reference plugin, in place of docusaurus-theme-redoc's:
 * the page of one API reference. Differs from the stock page in three ways: it receives a few
 * strings instead of the whole spec (see ../../index.ts), the meta
 * description is the one-line summary of the service (the stock page used the
 * whole Markdown info.description), and a download bar offers the spec files and links the API's change history.
 */
import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Redoc from '../Redoc';
import ApiDownloads from '@site/src/components/ApiDownloads';
import {changesUrl} from '@site/src/lib/openapi/urls';
import type {ApiPageProps} from '../Redoc/types';

interface Props {
  specProps: ApiPageProps;
}

export default function ApiDoc({specProps}: Props): ReactNode {
  return (
    <Layout title={specProps.title} description={specProps.summary}>
      {/* The page's one main landmark, as on doc and blog pages (the skip link leads here). */}
      <main>
        <ApiDownloads specId={specProps.specId} label={specProps.label} historyHref={changesUrl(specProps.specId)} />
        <Redoc {...specProps} />
      </main>
    </Layout>
  );
}
