/**
 * Reading the static reference's markup at build time: its elements with where their tags stand in
 * the string, so that ./fewerElements and ./compact can change the markup by position.
 */
import {Parser} from 'htmlparser2';

export interface Element {
  name: string;
  attributes: Record<string, string>;
  /** Where its start tag begins and ends, and its end tag; -1 for an end tag the parser implied. */
  open: [number, number];
  close: [number, number];
  parent: Element | undefined;
  /** Its elements, and `true` for each text that is not only white space. */
  children: (Element | true)[];
}

/** The markup's elements in document order; the top-level ones have a nameless root as their parent. */
export function parse(html: string): Element[] {
  const root: Element = {name: '', attributes: {}, open: [0, 0], close: [-1, -1], parent: undefined, children: []};
  const elements: Element[] = [];
  let current = root;
  const parser: Parser = new Parser({
    onopentag(name, attributes) {
      const element: Element = {
        name,
        attributes,
        open: [parser.startIndex, parser.endIndex + 1],
        close: [-1, -1],
        parent: current,
        children: [],
      };
      current.children.push(element);
      current = element;
      elements.push(element);
    },
    onclosetag(_name, isImplied) {
      if (!isImplied) current.close = [parser.startIndex, parser.endIndex + 1];
      current = current.parent ?? root;
    },
    ontext(text) {
      if (text.trim() !== '') current.children.push(true);
    },
  });
  parser.end(html);
  return elements;
}
