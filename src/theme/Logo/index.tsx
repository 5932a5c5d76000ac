/**
 * Swizzled (ejected) `@theme/Logo`: the site's mark and title, linked to the home page, in the
 * navbar and in the header of the mobile menu. Docusaurus draws the mark as an `<img>` of
 * `navbar.logo.src`; an SVG image costs the browser a document of its own (parsed, styled and
 * laid out on the main thread as the page loads: about 20 ms unthrottled on the benchmark machine,
 * on every page).
 * Here the same file, static/img/logo.svg, is inlined into the HTML at build time (Docusaurus
 * turns an imported .svg into a React component), so it costs no request and no extra document.
 * `navbar.logo` in src/config/navbar.ts still gives its name, size and link;
 * tests/unit/navbar-footer.test.ts checks that its `src` is the file imported here.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useThemeConfig} from '@docusaurus/theme-common';
import type {Props} from '@theme/Logo';
import Mark from '@site/static/img/logo.svg';

export default function Logo({imageClassName, titleClassName, ...linkProps}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {logo, title} = useThemeConfig().navbar;
  const home = useBaseUrl(logo?.href ?? '/');
  // With a visible title beside it, a mark without a name of its own is decorative.
  const name = logo?.alt ?? (title ? '' : siteConfig.title);
  const mark = logo ? (
    <Mark
      width={logo.width}
      height={logo.height}
      className={logo.className}
      style={logo.style}
      focusable="false"
      {...(name ? {role: 'img', 'aria-label': name} : {'aria-hidden': true})}
    />
  ) : null;
  return (
    <Link to={home} {...linkProps} {...(logo?.target ? {target: logo.target} : {})}>
      {mark && (imageClassName ? <div className={imageClassName}>{mark}</div> : mark)}
      {title != null && <b className={titleClassName}>{title}</b>}
    </Link>
  );
}
