/**
 * Swizzled (ejected) `@theme/ApiDoc` of docusaurus-theme-redoc: the page of one
 * API reference. Differs from the stock page in two ways: the meta description
 * is the one-line summary of the service (the stock page used the whole
 * Markdown info.description), and a download bar offers the spec files.
 */
import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Redoc from '../Redoc';
import {apiSpecs} from '@site/src/config/apiSpecs';
import ApiDownloads from '@site/src/components/ApiDownloads';
import type {SpecProps} from '../Redoc/types';

interface Props {
  layoutProps?: Record<string, unknown>;
  specProps: SpecProps;
}

export default function ApiDoc({layoutProps, specProps}: Props): ReactNode {
  const specId = specProps.url?.replace(/^.*\/openapi\/|\.yaml$/g, '');
  const entry = apiSpecs.find((spec) => spec.id === specId);
  const title = specProps.spec.info.title;
  return (
    <Layout title={title} description={entry?.summary ?? title} {...layoutProps}>
      {entry && <ApiDownloads specId={entry.id} label={entry.label} />}
      <Redoc {...specProps} />
    </Layout>
  );
}
