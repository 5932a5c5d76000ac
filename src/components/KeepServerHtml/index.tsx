/**
 * An element whose inner HTML the browser keeps from the server's render,
 * without running the code that made it.
 *
 * Why it works: while hydrating, React does not touch the inner HTML of an
 * element rendered with `dangerouslySetInnerHTML`, even where the client's
 * value differs from the server's (it would only warn, and
 * `suppressHydrationWarning` silences that). So the server renders the
 * element with the full HTML (a reference, highlighted code, a diagram) and
 * the browser renders the same element with `html` left empty: the page keeps
 * the server's markup, and neither the HTML nor the code that made it is in
 * the page's JavaScript.
 *
 * After a client-side navigation there is no server markup: the element shows
 * `html`, which the caller fills (fetched, or rendered some other way).
 *
 * The one place this technique lives: the static API reference, the code
 * blocks and the build-time diagrams all render through it.
 */
import type {ComponentPropsWithoutRef, ReactNode, Ref} from 'react';

type Tag = 'div' | 'style';

type Props<T extends Tag> = Omit<ComponentPropsWithoutRef<T>, 'children' | 'dangerouslySetInnerHTML'> & {
  /** The element (default `div`). */
  as?: T;
  /** Inner HTML: the full HTML on the server; in the browser '' (keep the server's) or what replaces it. */
  html?: string;
  ref?: Ref<HTMLElementTagNameMap[T]>;
};

export default function KeepServerHtml<T extends Tag = 'div'>({as, html = '', ...props}: Props<T>): ReactNode {
  const Element = (as ?? 'div') as 'div';
  return (
    <Element
      {...(props as ComponentPropsWithoutRef<'div'>)}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{__html: html}}
    />
  );
}
