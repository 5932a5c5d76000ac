/**
 * The not-found page's content, written for the portal: besides saying that the page does not exist, it offers the
 * page the reader most likely meant (an address that differs only in case or separators, as hand-typed and old
 * links often do: `/docs/archive-service` for `/docs/Archive%20Service`), a search for the words of the address,
 * and the home page. The served HTML (one 404 page for every unknown address) has the generic part; the parts that
 * depend on the address are added once the page runs in the browser.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Heading from '@theme/Heading';
import routes from '@generated/routes';
import {addressQuery, decodedAddress, routePaths, suggestedRoute} from '@site/src/lib/notFound';
import {SEARCH_ROUTE, searchPageUrl} from '@site/src/lib/search/urls';
import styles from './styles.module.css';

export default function NotFoundContent({className}: {className?: string}): ReactNode {
  const isBrowser = useIsBrowser();
  const {pathname} = useLocation();
  // Only in the browser: the served page is the same for every unknown address.
  const suggestion = isBrowser ? suggestedRoute(pathname, routePaths(routes)) : undefined;
  const query = isBrowser ? addressQuery(pathname) : '';
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className={clsx('col col--6 col--offset-3', styles.content)}>
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>
            {isBrowser ? (
              <>
                There is no page at <code>{decodedAddress(pathname)}</code>.
              </>
            ) : (
              'There is no page at this address.'
            )}{' '}
            The link may be old or mistyped.
          </p>
          <ul>
            {suggestion && (
              <li data-testid="not-found-suggestion">
                Did you mean <Link to={suggestion}>{decodedAddress(suggestion)}</Link>?
              </li>
            )}
            <li>
              {query ? (
                <Link to={searchPageUrl(query)}>Search the portal for “{query}”</Link>
              ) : (
                <Link to={SEARCH_ROUTE}>Search the portal</Link>
              )}
            </li>
            <li>
              <Link to="/">Go to the home page</Link>
            </li>
          </ul>
        </div>
      </div>
    </main>
  );
}
