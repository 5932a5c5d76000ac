/**
 * Wrapped `@theme/DocItem/Content`: "Copy as Markdown" and "View as Markdown"
 * above every doc. The twin is at the doc's URL plus `.md`
 * (src/plugins/markdown-twins).
 */
import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import MarkdownActions from '@site/src/components/MarkdownActions';
import {pageMarkdownUrl} from '@site/src/lib/openapi/urls';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <MarkdownActions markdownUrl={encodeURI(pageMarkdownUrl(decodeURI(metadata.permalink)))} />
      <Content {...props} />
    </>
  );
}
