/** Route component of the dev-server redirects (see index.ts). */
import type {ReactNode} from 'react';
import {Redirect} from '@docusaurus/router';

export default function RedirectTo({target}: {target: {to: string}}): ReactNode {
  return <Redirect to={target.to} />;
}
