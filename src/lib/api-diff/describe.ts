/**
 * One change of api:diff in words an integrator reads: what a client now has
 * to send, may receive or can no longer call, naming the field, the place in
 * the request or answer and the operation ("`documentType` is now required in
 * the `documentData` query parameter of `createDocument`"), instead of the
 * diff library's own terms ("replaced schema.$ref").
 *
 * It reads the two documents with their `$ref`s inlined (./compare.ts makes
 * them), so the values on both sides of a change are at hand.
 */
import type {Diff} from 'api-smart-diff';
import {asArray, asObject, asString} from '../openapi/document';
import {TRAILING_SLASH_EXTENSION} from '../openapi/trailingSlash';

export type Segment = string | number;

/** The value at a path of the document before (`'before'`) or after the change. */
export type ValueAt = (side: 'before' | 'after', segments: readonly Segment[]) => unknown;

export interface Described {
  text: string;
  /** The change is about texts only (descriptions, summaries, examples): folded away for readers. */
  textOnly?: boolean;
  /** The portal's classification where the sentence decides it (a trailing slash, a tag renamed). */
  kind?: 'breaking' | 'non-breaking' | 'annotation';
  /**
   * The sentence for a revision recorded as documentation only (the server did not change): the
   * reference now documents what the server already did. Without it, ./compare.ts says the general
   * sentence as a correction of the reference.
   */
  correction?: string;
  /** For a breaking change the sentence decides: what it means for a client. */
  explanation?: string;
}

const code = (value: unknown): string => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const values = (list: readonly unknown[]): string => list.map((v) => JSON.stringify(v)).join(', ');

const TEXT_KEYS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'x-codeSamples']);
const isTextKey = (key: Segment | undefined): boolean =>
  typeof key === 'string' && (TEXT_KEYS.has(key) || (key.startsWith('x-') && key !== TRAILING_SLASH_EXTENSION));

/** Texts and Redoc's extensions in a reader's words, and whether the words are plural. */
const TEXT_NAMES: Record<string, {words: string; plural?: boolean}> = {
  examples: {words: 'examples', plural: true},
  externalDocs: {words: 'link to further documentation'},
  'x-codeSamples': {words: 'code samples', plural: true},
  'x-badges': {words: 'badges', plural: true},
  'x-logo': {words: 'logo'},
  'x-tagGroups': {words: "grouping of tags in the reference's menu"},
};

/** "The examples of the 200 answer of `x` were revised": a text of something, with the verb agreeing. */
function revised(key: Segment | undefined, of = ''): string {
  const name = typeof key === 'string' ? TEXT_NAMES[key] : undefined;
  const words = name?.words ?? (typeof key === 'string' && key.startsWith('x-') ? `${code(key)} setting` : String(key));
  return `The ${words}${of} ${name?.plural ? 'were' : 'was'} revised.`;
}

/** A sentence continued after "documents that": its first letter small (a sentence that opens with code keeps it). */
export const lowerFirst = (text: string): string => `${text[0]!.toLowerCase()}${text.slice(1)}`;

/** Where a change sits inside an operation, in words, and the schema path below it (if it is in a schema). */
interface Place {
  where: string;
  /** Segments below the schema, when the change is inside one. */
  schema?: Segment[];
  /** Segments of the place's own fields (`required`, `name` ...) when the change is not in a schema. */
  rest: Segment[];
  /** Length of the operation-relative path up to the schema (to find the schema's values). */
  depth: number;
  inResponse: boolean;
}

function placeOf(rest: readonly Segment[], parameterAt: (index: number) => unknown): Place | undefined {
  if (rest[0] === 'parameters' && typeof rest[1] === 'number') {
    const parameter = asObject(parameterAt(rest[1]));
    const name = asString(parameter?.name) ?? `#${rest[1] + 1}`;
    const where = `the ${code(name)} ${asString(parameter?.in) ?? ''} parameter`.replace('  ', ' ');
    const tail = rest.slice(2);
    if (tail[0] === 'schema') return {where, schema: tail.slice(1), rest: [], depth: 3, inResponse: false};
    if (tail[0] === 'content' && tail[2] === 'schema') {
      return {where, schema: tail.slice(3), rest: [], depth: 5, inResponse: false};
    }
    return {where, rest: tail, depth: 2, inResponse: false};
  }
  if (rest[0] === 'requestBody') {
    const tail = rest.slice(1);
    if (tail[0] === 'content' && tail[2] === 'schema') {
      return {where: 'the request body', schema: tail.slice(3), rest: [], depth: 4, inResponse: false};
    }
    return {where: 'the request body', rest: tail, depth: 1, inResponse: false};
  }
  if (rest[0] === 'responses' && rest[1] !== undefined) {
    const status = String(rest[1]);
    const tail = rest.slice(2);
    if (tail[0] === 'content' && tail[2] === 'schema') {
      return {where: `the ${status} answer`, schema: tail.slice(3), rest: [], depth: 5, inResponse: true};
    }
    if (tail[0] === 'headers' && tail[1] !== undefined) {
      const where = `the ${code(tail[1])} header of the ${status} answer`;
      if (tail[2] === 'schema') return {where, schema: tail.slice(3), rest: [], depth: 5, inResponse: true};
      return {where, rest: tail.slice(2), depth: 4, inResponse: true};
    }
    return {where: `the ${status} answer`, rest: tail, depth: 2, inResponse: true};
  }
  return undefined;
}

/** A field's name from a schema path (`address.lines[]`), and what is left below it. */
function fieldOf(schema: readonly Segment[]): {field: string; attr: Segment[]; fieldDepth: number} {
  let field = '';
  let i = 0;
  while (i < schema.length) {
    const segment = schema[i];
    if (segment === 'properties' && schema[i + 1] !== undefined && i + 2 <= schema.length) {
      if (i + 2 === schema.length) break; // the property itself is what changed
      field = field ? `${field}.${String(schema[i + 1])}` : String(schema[i + 1]);
      i += 2;
    } else if (segment === 'items') {
      field = `${field}[]`;
      i += 1;
    } else if (segment === 'additionalProperties') {
      field = `${field}{*}`;
      i += 1;
    } else if (
      (segment === 'allOf' || segment === 'oneOf' || segment === 'anyOf') &&
      typeof schema[i + 1] === 'number'
    ) {
      i += 2;
    } else {
      break;
    }
  }
  return {field, attr: schema.slice(i), fieldDepth: i};
}

/**
 * A field that the reference documents from now on, in a revision that only
 * corrects the documentation. The same words whichever diff says it (the
 * property added, or its name added to `required`), so the entry says it once.
 */
const newFieldCorrection = (kind: string, property: string, where: string): string =>
  kind === 'required '
    ? `The reference now documents ${property} as required in ${where}; the server did not change.`
    : `The reference now documents the ${kind}field ${property} in ${where}; the server did not change.`;

/** Elements of `a` that `b` lacks (JSON equality). */
const minus = (a: readonly unknown[], b: readonly unknown[]): unknown[] =>
  a.filter((x) => !b.some((y) => JSON.stringify(y) === JSON.stringify(x)));

/** The verb that opens a sentence about a change the describer has no closer words for. */
function past(action: Diff['action']): string {
  return {add: 'Added', remove: 'Removed', replace: 'Changed', rename: 'Renamed'}[action];
}

/**
 * The sentence of a change inside an operation. `rest` is the diff's path
 * below the operation (`paths/<path>/<method>`), `base` the path to the
 * operation, `op` how readers know it (`createDocument`).
 */
export function describeOperationChange(
  diff: Diff,
  rest: readonly Segment[],
  base: readonly Segment[],
  op: string,
  at: ValueAt,
): Described {
  const side = diff.action === 'remove' ? 'before' : 'after';
  const of = ` of ${code(op)}`;
  const parameterAt = (index: number) =>
    at(side, [...base, 'parameters', index]) ??
    at(side === 'after' ? 'before' : 'after', [...base, 'parameters', index]);
  const key = rest[0];

  if (rest.length === 1 && key === 'operationId') {
    const [, path, method] = base;
    return {
      text: `The operationId of ${code(`${String(method).toUpperCase()} ${String(path)}`)} is now ${code(diff.after)} (was ${code(diff.before)}).`,
    };
  }
  if (key === TRAILING_SLASH_EXTENSION && rest.length === 1) return trailingSlash(diff, String(base[1]));
  if (key === 'deprecated' && rest.length === 1) {
    return {text: diff.after === true ? `${code(op)} is now deprecated.` : `${code(op)} is no longer deprecated.`};
  }
  if (key === 'tags') {
    const tags = asArray(at('after', [...base, 'tags'])).map(String);
    return {
      text: `${code(op)} is now listed under ${tags.map(code).join(', ') || 'no group'} in the reference.`,
      kind: 'annotation',
    };
  }
  if (key === 'security') {
    const names = asArray(at('after', [...base, 'security'])).flatMap((req) => Object.keys(asObject(req) ?? {}));
    return {
      text:
        names.length > 0
          ? `${code(op)} now takes the credentials ${names.map(code).join(' or ')}.`
          : `${code(op)} now takes no credentials.`,
    };
  }
  if (key === 'servers') return {text: `The servers${of} changed.`};
  if (rest.length >= 1 && isTextKey(key) && !['parameters', 'requestBody', 'responses'].includes(String(key))) {
    return {text: revised(key, of), textOnly: true};
  }

  const place = placeOf(rest, parameterAt);
  if (!place) return {text: `${past(diff.action)} ${code(rest.join('.'))}${of}.`};
  const where = `${place.where}${of}`;

  if (place.schema === undefined) {
    const [attr, next] = place.rest;
    if (rest[0] === 'parameters' && place.rest.length === 0 && (diff.action === 'add' || diff.action === 'remove')) {
      const parameter = asObject(diff.action === 'add' ? diff.after : diff.before);
      const required = parameter?.required === true ? 'required' : 'optional';
      const name = `${required} ${asString(parameter?.in) ?? ''} parameter ${code(parameter?.name)}`.replace('  ', ' ');
      return {
        text: diff.action === 'add' ? `${code(op)} has a new ${name}.` : `${code(op)} no longer takes the ${name}.`,
        ...(diff.action === 'add' && {
          correction: `The reference now documents the ${name} of ${code(op)}; the server did not change.`,
        }),
      };
    }
    if (attr === 'required' && place.rest.length === 1) {
      const required = diff.after === true ? 'required' : 'optional';
      return {
        text: `${place.where[0]!.toUpperCase()}${place.where.slice(1)}${of} is now ${required}.`,
        correction: `The reference now documents ${place.where}${of} as ${required}; the server did not change.`,
      };
    }
    if (attr === 'name' && place.rest.length === 1) {
      return {text: `The parameter ${code(diff.before)}${of} is now called ${code(diff.after)}.`};
    }
    if (rest[0] === 'responses' && place.rest.length === 0) {
      const answer = asString(asObject(diff.action === 'add' ? diff.after : diff.before)?.description);
      return {
        text:
          diff.action === 'add'
            ? `${code(op)} can now answer ${String(rest[1])}${answer ? `: ${answer.trim().replace(/\.$/, '')}` : ''}.`
            : `${code(op)} no longer answers ${String(rest[1])}.`,
      };
    }
    if (rest[0] === 'requestBody' && place.rest.length === 0) {
      return {
        text:
          diff.action === 'add'
            ? `${code(op)} now takes a request body.`
            : `${code(op)} no longer takes a request body.`,
      };
    }
    if ((attr === 'content' || attr === 'headers') && place.rest.length === 1) {
      const keys = Object.keys(asObject(diff.action === 'add' ? diff.after : diff.before) ?? {}).map(code);
      const Where = `${place.where[0]!.toUpperCase()}${place.where.slice(1)}${of}`;
      if (attr === 'content') {
        return {
          text:
            diff.action === 'add' ? `${Where} now has a body (${keys.join(', ')}).` : `${Where} no longer has a body.`,
        };
      }
      return {
        text:
          diff.action === 'add'
            ? `${Where} now has the header${keys.length === 1 ? '' : 's'} ${keys.join(', ')}.`
            : `${Where} no longer has headers.`,
      };
    }
    if (attr === 'content' && next !== undefined && place.rest.length === 2) {
      const verb = diff.action === 'add' ? 'can now be' : 'can no longer be';
      return {text: `${place.where[0]!.toUpperCase()}${place.where.slice(1)}${of} ${verb} ${code(next)}.`};
    }
    if (attr === 'headers' && next !== undefined && place.rest.length === 2) {
      return {
        text:
          diff.action === 'add'
            ? `${place.where[0]!.toUpperCase()}${place.where.slice(1)}${of} has a new header ${code(next)}.`
            : `${place.where[0]!.toUpperCase()}${place.where.slice(1)}${of} no longer has the header ${code(next)}.`,
      };
    }
    if (
      isTextKey(place.rest[place.rest.length - 1]) ||
      isTextKey(attr) ||
      (attr === 'content' && place.rest.some(isTextKey))
    ) {
      return {text: revised(place.rest.find(isTextKey) ?? 'text', ` of ${where}`), textOnly: true};
    }
    return {text: `${past(diff.action)} ${code(place.rest.join('.'))} of ${where}.`};
  }

  // Inside a schema: a field, and what about it changed.
  const {field, attr, fieldDepth} = fieldOf(place.schema);
  const schemaBase = [...base, ...rest.slice(0, place.depth), ...place.schema.slice(0, fieldDepth)];
  const subject = field ? `${code(field)} in ${where}` : where;
  const fieldPrefix = field ? `${field}.` : '';
  const [name] = attr;

  if (name === 'properties' && attr.length === 2) {
    const property = `${fieldPrefix}${String(attr[1])}`;
    if (diff.action === 'add') {
      const required = asArray(at('after', [...schemaBase, 'required'])).includes(attr[1]);
      const kind = place.inResponse ? '' : required ? 'required ' : 'optional ';
      return {
        text: `${where[0]!.toUpperCase()}${where.slice(1)} has a new ${kind}field ${code(property)}.`,
        correction: newFieldCorrection(kind, code(property), where),
      };
    }
    if (diff.action === 'remove') return {text: `${code(property)} was removed from ${where}.`};
  }
  if (name === 'required') {
    const before = asArray(at('before', [...schemaBase, 'required']));
    const after = asArray(at('after', [...schemaBase, 'required']));
    // A field that is new and required at once is one change, said once, as the new field (see above).
    const propertiesBefore = at('before', [...schemaBase, 'properties']);
    const isNewField = (f: unknown): boolean =>
      !(propertiesBefore && typeof propertiesBefore === 'object' && String(f) in propertiesBefore);
    if (diff.action === 'add' && typeof diff.after === 'string' && isNewField(diff.after)) {
      const kind = place.inResponse ? '' : 'required ';
      const property = code(`${fieldPrefix}${diff.after}`);
      return {
        text: `${where[0]!.toUpperCase()}${where.slice(1)} has a new ${kind}field ${property}.`,
        correction: newFieldCorrection(kind, property, where),
      };
    }
    const now = minus(after, before)
      .filter((f) => !isNewField(f))
      .map((f) => code(`${fieldPrefix}${String(f)}`));
    const no = minus(before, after).map((f) => code(`${fieldPrefix}${String(f)}`));
    const parts = [
      now.length > 0 && `${now.join(', ')} ${now.length === 1 ? 'is' : 'are'} now required in ${where}`,
      no.length > 0 && `${no.join(', ')} ${no.length === 1 ? 'is' : 'are'} no longer required in ${where}`,
    ].filter((p): p is string => typeof p === 'string');
    if (parts.length > 0) {
      const said = [
        now.length > 0 && `${now.join(', ')} as required in ${where}`,
        no.length > 0 && `${no.join(', ')} as optional in ${where}`,
      ].filter((p): p is string => typeof p === 'string');
      return {
        text: `${parts.join('; ')}.`,
        correction: `The reference now documents ${said.join(', and ')}; the server did not change.`,
      };
    }
  }
  if (name === 'enum') {
    const before = asArray(at('before', [...schemaBase, 'enum']));
    const after = asArray(at('after', [...schemaBase, 'enum']));
    // No enum after: every value is allowed, none dropped.
    const dropped = Array.isArray(at('after', [...schemaBase, 'enum'])) ? minus(before, after) : [];
    const added = minus(after, before);
    const verbNo = place.inResponse ? 'can no longer be' : 'no longer accepts';
    const verbNew = place.inResponse ? 'can now also be' : 'now also accepts';
    const parts = [
      dropped.length > 0 && `${verbNo} ${values(dropped)}`,
      added.length > 0 && `${verbNew} ${values(added)}`,
    ].filter((p): p is string => typeof p === 'string');
    if (parts.length > 0) return {text: `${subject[0]!.toUpperCase()}${subject.slice(1)} ${parts.join(' and ')}.`};
    if (!Array.isArray(at('after', [...schemaBase, 'enum']))) {
      return {text: `${subject[0]!.toUpperCase()}${subject.slice(1)} is no longer limited to a list of values.`};
    }
  }
  if (name === 'type' && attr.length === 1) {
    if (diff.action === 'replace') {
      return {
        text: `${subject[0]!.toUpperCase()}${subject.slice(1)} is now of type ${code(diff.after)} (was ${code(diff.before)}).`,
      };
    }
    if (diff.action === 'add')
      return {text: `${subject[0]!.toUpperCase()}${subject.slice(1)} is now of type ${code(diff.after)}.`};
    return {text: `${subject[0]!.toUpperCase()}${subject.slice(1)} no longer names a type (was ${code(diff.before)}).`};
  }
  if (attr.length === 0) {
    return {
      text:
        diff.action === 'add'
          ? `${where[0]!.toUpperCase()}${where.slice(1)} now has a schema.`
          : `${where[0]!.toUpperCase()}${where.slice(1)} no longer has a schema.`,
    };
  }
  if (isTextKey(name) || attr.some(isTextKey)) {
    return {text: revised(attr.find(isTextKey) ?? name, ` of ${subject}`), textOnly: true};
  }
  const Subject = `${subject[0]!.toUpperCase()}${subject.slice(1)}`;
  if (name === 'default' && attr.length === 1) {
    return {
      text:
        diff.action === 'remove'
          ? `${Subject} no longer has a default value.`
          : `${Subject} now defaults to ${code(diff.after)}.`,
    };
  }
  if (name === 'pattern' && attr.length === 1) {
    return {
      text:
        diff.action === 'remove'
          ? `${Subject} no longer has to match a pattern.`
          : `${Subject} must now match the pattern ${code(diff.after)}.`,
    };
  }
  const property = String(name);
  if (diff.action === 'replace') {
    return {text: `The ${code(property)} of ${subject} is now ${code(diff.after)} (was ${code(diff.before)}).`};
  }
  if (diff.action === 'add')
    return {text: `${subject[0]!.toUpperCase()}${subject.slice(1)} now has ${code(property)} ${code(diff.after)}.`};
  return {
    text: `${subject[0]!.toUpperCase()}${subject.slice(1)} no longer has ${code(property)} (was ${code(diff.before)}).`,
  };
}

/**
 * `x-trailing-slash` set on a path: the documented address gains the slash the
 * service registers (src/lib/openapi/trailingSlash.ts), so the reference now
 * shows the address to call. Taken away, the documented address loses it.
 */
function trailingSlash(diff: Diff, path: string): Described {
  return diff.action === 'remove' || diff.after !== true
    ? {text: `The documented address ${code(`${path}/`)} no longer ends in a slash: ${code(path)}.`, kind: 'breaking'}
    : {
        text: `The documented address now ends in a slash, as the service registers it: ${code(`${path}/`)}.`,
        kind: 'non-breaking',
      };
}

/** The sentence of a change to a path item outside its operations (path-level parameters, the trailing slash). */
export function describePathChange(diff: Diff, path: string, rest: readonly Segment[], at: ValueAt): Described {
  const [key] = rest;
  if (key === TRAILING_SLASH_EXTENSION) return trailingSlash(diff, path);
  if (key === 'parameters') {
    return describeOperationChange(diff, rest, ['paths', path], path, at);
  }
  if (isTextKey(key)) return {text: revised(key, ` of ${code(path)}`), textOnly: true};
  if (key === 'servers') return {text: `The servers of ${code(path)} changed.`};
  return {text: `${past(diff.action)} ${code(rest.join('.'))} of ${code(path)}.`};
}

/** The sentence of a change outside the paths (info, tags, servers, security schemes). */
export function describeDocumentChange(diff: Diff, at: ValueAt): Described {
  const [root, index, field] = diff.path;
  if (root === 'info') {
    if (diff.path[1] === 'version')
      return {text: `The API's version is now ${code(diff.after)} (was ${code(diff.before)}).`};
    return {text: revised(diff.path[1] ?? 'information').replace(/^The /, "The API's "), textOnly: true};
  }
  if (root === 'tags' && typeof index === 'number') {
    // Groups are matched by name: a group inserted in the list is new, not a rename of the one that was there.
    const namesOf = (side: 'before' | 'after') =>
      asArray(at(side, ['tags'])).map((tag) => asString(asObject(tag)?.name) ?? '');
    const [was, now] = [namesOf('before'), namesOf('after')];
    const added = now.filter((n) => !was.includes(n));
    const gone = was.filter((n) => !now.includes(n));
    if (added.length > 0 || gone.length > 0) {
      const parts = [
        added.length > 0 && `has the new group${added.length === 1 ? '' : 's'} ${added.map(code).join(', ')}`,
        gone.length > 0 && `no longer has the group${gone.length === 1 ? '' : 's'} ${gone.map(code).join(', ')}`,
      ].filter((p): p is string => typeof p === 'string');
      return {text: `The reference ${parts.join(' and ')}.`, textOnly: true};
    }
    const name = asString(at('after', ['tags', index, 'name'])) ?? asString(at('before', ['tags', index, 'name']));
    if (field === 'name' && diff.action === 'replace') {
      return {
        text: `The group ${code(diff.before)} of the reference is now called ${code(diff.after)}.`,
        kind: 'annotation',
      };
    }
    if (field === undefined) {
      return {
        text:
          diff.action === 'add'
            ? `The reference has a new group ${code(name)}.`
            : `The reference no longer has the group ${code(name)}.`,
        textOnly: true,
      };
    }
    return {text: `The ${String(field)} of the group ${code(name)} was revised.`, textOnly: true};
  }
  if (root === 'servers') {
    const urls = asArray(at('after', ['servers']))
      .map((s) => asString(asObject(s)?.url))
      .filter(Boolean);
    return {text: `The API's servers are now ${urls.map(code).join(', ') || 'not listed'}.`};
  }
  if (root === 'components' && diff.path[1] === 'securitySchemes') return describeSecuritySchemeChange(diff, at);
  if (root === 'security') return {text: `The credentials the API takes by default changed.`};
  if (isTextKey(root)) {
    // Redoc's menu grouping belongs to the reference; other texts at the top belong to the API.
    return {
      text: root === 'x-tagGroups' ? revised(root) : revised(root).replace(/^The /, "The API's "),
      textOnly: true,
    };
  }
  if (isTextKey(diff.path[diff.path.length - 1])) {
    return {text: revised(diff.path[diff.path.length - 1], ` of the API's ${String(root)}`), textOnly: true};
  }
  return {text: `${past(diff.action)} ${code(diff.path.join('.'))}.`};
}

const FLOWS: Record<string, string> = {
  authorizationCode: 'authorization code flow',
  clientCredentials: 'client credentials flow',
  implicit: 'implicit flow',
  password: 'password flow',
};

const URLS: Record<string, string> = {
  authorizationUrl: 'authorization URL',
  tokenUrl: 'token URL',
  refreshUrl: 'refresh URL',
  openIdConnectUrl: 'OpenID Connect discovery URL',
};

const SCHEME_FIELDS: Record<string, string> = {
  type: 'type',
  scheme: 'HTTP authentication scheme',
  in: 'place of the key',
  name: 'name of the key',
};

/** The same address: the old one was relative and the new one spells out a host in front of the same path. */
function sameAddress(before: unknown, after: unknown): boolean {
  if (typeof before !== 'string' || typeof after !== 'string' || !before.startsWith('/')) return false;
  try {
    const url = new URL(after);
    return `${url.pathname}${url.search}` === before;
  } catch {
    return false;
  }
}

/**
 * A change to a security scheme in words: an OAuth 2 flow's address, a scope
 * added or removed, a flow offered or no longer offered, the place or name of
 * an API key. A client configured with the old values may fail to sign in,
 * so a changed address, a removed scope or flow and a changed key are breaking.
 */
function describeSecuritySchemeChange(diff: Diff, at: ValueAt): Described {
  const [, , scheme, field, flow, flowField, scope] = diff.path;
  const type =
    asString(at('after', ['components', 'securitySchemes', String(scheme), 'type'])) ??
    asString(at('before', ['components', 'securitySchemes', String(scheme), 'type']));
  const credentials = type === 'oauth2' ? `the OAuth 2 sign-in ${code(scheme)}` : `the credentials ${code(scheme)}`;
  const Credentials = `${credentials[0]!.toUpperCase()}${credentials.slice(1)}`;
  if (field === undefined) {
    return {
      text: diff.action === 'add' ? `New credentials ${code(scheme)}.` : `The credentials ${code(scheme)} are gone.`,
    };
  }
  if (field !== 'flows' && isTextKey(diff.path[diff.path.length - 1])) {
    return {text: `The description of ${credentials} was revised.`, textOnly: true};
  }
  const url = (name: string, where: string): Described => {
    const what = `The ${URLS[name]!} of ${where}`;
    if (diff.action === 'add') return {text: `${what} is now ${code(diff.after)}.`, kind: 'non-breaking'};
    if (diff.action === 'remove') {
      return {
        text: `${what} is no longer documented (was ${code(diff.before)}).`,
        kind: 'breaking',
        explanation: 'Clients that use this address to sign in may fail.',
      };
    }
    const same = sameAddress(diff.before, diff.after);
    return {
      text: `${what} is now ${code(diff.after)} (was ${code(diff.before)}${same ? ': the same path, now with its host' : ''}).`,
      kind: same ? 'non-breaking' : 'breaking',
      ...(!same && {explanation: 'Clients configured with the old address must use the new one to sign in.'}),
    };
  };
  if (field === 'openIdConnectUrl' && diff.path.length === 4) return url(field, credentials);
  if (field === 'flows') {
    if (typeof flow !== 'string') {
      return {text: `The sign-in flows of ${credentials} changed.`};
    }
    const flowName = FLOWS[flow] ?? `${code(flow)} flow`;
    const where = `${credentials} (${flowName})`;
    if (flowField === undefined) {
      return diff.action === 'add'
        ? {text: `${Credentials} now offers the ${flowName}.`, kind: 'non-breaking'}
        : diff.action === 'remove'
          ? {
              text: `${Credentials} no longer offers the ${flowName}.`,
              kind: 'breaking',
              explanation: 'Clients that sign in with this flow may be refused.',
            }
          : {text: `The ${flowName} of ${credentials} changed.`};
    }
    if (typeof flowField === 'string' && flowField in URLS && diff.path.length === 6) return url(flowField, where);
    if (flowField === 'scopes') {
      const scopesOf = (side: 'before' | 'after') =>
        Object.keys(
          asObject(at(side, ['components', 'securitySchemes', String(scheme), 'flows', flow, 'scopes'])) ?? {},
        );
      const added = minus(scopesOf('after'), scopesOf('before')).map(code);
      const gone = minus(scopesOf('before'), scopesOf('after')).map(code);
      if (scope !== undefined && diff.action === 'replace') {
        return {text: `The description of the scope ${code(scope)} of ${where} was revised.`, textOnly: true};
      }
      if (gone.length > 0) {
        return {
          text: `${Credentials} (${flowName}) no longer has the scope${gone.length === 1 ? '' : 's'} ${gone.join(', ')}${added.length > 0 ? `, and has the new scope${added.length === 1 ? '' : 's'} ${added.join(', ')}` : ''}.`,
          kind: 'breaking',
          explanation: 'Clients that ask for a removed scope may be refused a token.',
        };
      }
      if (added.length > 0) {
        return {
          text: `${Credentials} (${flowName}) has the new scope${added.length === 1 ? '' : 's'} ${added.join(', ')}.`,
          kind: 'non-breaking',
        };
      }
    }
  }
  if (field === 'bearerFormat' && diff.path.length === 4) {
    return {
      text:
        diff.action === 'remove'
          ? `The token format of ${credentials} is no longer named.`
          : `The token format of ${credentials} is now named ${code(diff.after)}.`,
      kind: 'annotation',
    };
  }
  if (typeof field === 'string' && field in SCHEME_FIELDS && diff.path.length === 4 && diff.action === 'replace') {
    return {
      text: `The ${SCHEME_FIELDS[field]!} of ${credentials} is now ${code(diff.after)} (was ${code(diff.before)}).`,
      kind: 'breaking',
      explanation: 'Requests with the credentials of the version before may be refused.',
    };
  }
  const what = code(diff.path.slice(3).join('.'));
  return {
    text:
      diff.action === 'remove'
        ? `${what} of ${credentials} was removed.`
        : `${what} of ${credentials} is now ${code(diff.after)}${diff.action === 'replace' ? ` (was ${code(diff.before)})` : ''}.`,
  };
}

/** "`old` in the 200 answer of `getDocument` is now called `new`": a field renamed (removed and added with the same schema). */
export function describeRename(
  removed: Diff,
  newName: string,
  rest: readonly Segment[],
  base: readonly Segment[],
  op: string,
  at: ValueAt,
): string {
  const parameterAt = (index: number) => at('before', [...base, 'parameters', index]);
  const place = placeOf(rest, parameterAt);
  const where = place ? `${place.where} of ${code(op)}` : code(op);
  const {field} = fieldOf(place?.schema ?? []);
  const prefix = field ? `${field}.` : '';
  return `${code(prefix + String(removed.path[removed.path.length - 1]))} in ${where} is now called ${code(prefix + newName)}.`;
}
