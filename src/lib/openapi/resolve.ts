/**
 * `$ref` resolution of an OpenAPI document, with @redocly/openapi-core (the
 * resolver Redoc and `redocly lint` use). The request models, the quality
 * gate and every other reader of a spec that follows references use this.
 */
import {
  BaseResolver,
  Source,
  detectSpec,
  getTypes,
  isRef,
  normalizeTypes,
  resolveDocument,
} from '@redocly/openapi-core';
import type {OpenApiDoc} from './document';

/** A document whose `$ref`s openapi-core has resolved. */
export interface ResolvedApi {
  doc: OpenApiDoc;
  /** The node a value points to (following `$ref`s), or the value itself. */
  deref: (value: unknown) => unknown;
}

const ROOT = '/openapi.json';
const resolved = new WeakMap<object, Promise<ResolvedApi>>();

/** Resolves the document's `$ref`s (once per document object). An unresolvable `$ref` throws when it is used. */
export function resolveApi(doc: OpenApiDoc): Promise<ResolvedApi> {
  let result = resolved.get(doc);
  if (!result) {
    result = (async () => {
      const rootDocument = {source: new Source(ROOT, JSON.stringify(doc)), parsed: doc};
      const types = normalizeTypes(getTypes(detectSpec(doc)), {doNotResolveExamples: true});
      const refs = await resolveDocument({
        rootDocument,
        externalRefResolver: new BaseResolver(),
        rootType: types.Root!,
      });
      const deref = (value: unknown): unknown => {
        let current = value;
        for (let hops = 0; isRef(current); hops += 1) {
          if (hops > 50) throw new Error(`$ref cycle at ${current.$ref}`);
          const target = refs.get(`${ROOT}::${current.$ref}`);
          if (!target?.resolved) throw new Error(`unresolved $ref ${current.$ref}`);
          current = target.node;
        }
        return current;
      };
      return {doc, deref};
    })();
    resolved.set(doc, result);
  }
  return result;
}


/**
 * A `$ref` follower for checks that read documents which may be broken: a
 * reference that does not resolve gives `undefined` instead of throwing (the
 * OpenAPI gate's redocly lint reports it; api:diff compares what is there).
 */
export async function lenientDeref(doc: OpenApiDoc): Promise<(value: unknown) => unknown> {
  const api = await resolveApi(doc);
  return (value) => {
    try {
      return api.deref(value);
    } catch {
      return undefined;
    }
  };
}
