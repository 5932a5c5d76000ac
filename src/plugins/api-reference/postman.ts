/**
 * Postman collection of one OpenAPI document, made with openapi-to-postmanv2.
 *
 * Uses the package's v2 interface (`convertV2`, the one the Postman app's
 * importer uses; the README's `convert` is the legacy v1 interface, whose
 * `requestParametersResolution` / `exampleParametersResolution` options are
 * replaced in v2 by the single `parametersResolution`). Options:
 * - `parametersResolution: 'Example'`: path, query and header values and request
 *   bodies come from the spec's examples, not from schema-faked values, so a
 *   request can be sent as it is against the mock server or a test system;
 * - `folderStrategy: 'Tags'`: one folder per tag, as in the API reference;
 * - `requestNameSource: 'Fallback'`: requests are named by summary, then operationId;
 * - `includeAuthInfoInExample: true`: placeholders for the documented auth.
 * The document is passed as a JS object (`type: 'json'`) and no remote reference
 * resolver is given, so the conversion reads nothing from disk or network.
 * The converter gives the collection, its folders, requests and responses random
 * ids; they are replaced by ids derived from the collection's name and each one's
 * place in it (`stableIds`), so that the same spec gives the same file at every build.
 */
import {createHash} from 'node:crypto';
import {convertV2, type Options} from 'openapi-to-postmanv2';

/** A request or a folder of a Postman collection (v2.1 schema, minimal). */
export interface PostmanUrl {
  raw?: string;
  host?: string[];
  path?: string[];
  query?: {key: string | null; value: string | null}[];
  variable?: {key: string; value?: string}[];
}

export interface PostmanRequest {
  method: string;
  url: string | PostmanUrl;
  header?: {key: string; value: string}[];
  body?: {mode: string; raw?: string};
}

export interface PostmanItem {
  name: string;
  /** Set on requests. */
  request?: PostmanRequest;
  /** Set on folders. */
  item?: PostmanItem[];
}

export interface PostmanCollection {
  info: {name: string; schema?: string; _postman_id?: string};
  item: PostmanItem[];
  variable?: {key: string; value?: string}[];
}

const OPTIONS: Options = {
  parametersResolution: 'Example',
  folderStrategy: 'Tags',
  requestNameSource: 'Fallback',
  includeAuthInfoInExample: true,
};

function isCollection(value: unknown): value is PostmanCollection {
  const candidate = value as Partial<PostmanCollection> | null;
  return typeof candidate?.info?.name === 'string' && Array.isArray(candidate.item);
}

/**
 * Converts an OpenAPI 3 document (already parsed) to a Postman collection.
 * Rejects with an Error when the document cannot be converted.
 */
export async function toPostmanCollection(doc: object): Promise<PostmanCollection> {
  // The converter may annotate the object it is given; keep the caller's copy intact.
  const data = structuredClone(doc);
  return new Promise<PostmanCollection>((resolve, reject) => {
    convertV2({type: 'json', data}, OPTIONS, (err, result) => {
      if (err) {
        reject(new Error(`OpenAPI to Postman conversion failed: ${err.message}`));
        return;
      }
      if (!result?.result) {
        reject(new Error(`OpenAPI to Postman conversion failed: ${result?.reason ?? 'no result'}`));
        return;
      }
      const collection = result.output?.find((o) => o.type === 'collection')?.data;
      if (!isCollection(collection)) {
        reject(new Error('OpenAPI to Postman conversion returned no collection'));
        return;
      }
      resolve(stableIds(collection));
    });
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID-shaped id (version 4 layout) made from the hash of `seed`. */
function uuidFrom(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Replaces the converter's random ids (`id` and `info._postman_id`, where they are UUIDs) by ids made from the
 * collection's name and the JSON path of their object: unique within the collection, the same at every build.
 */
export function stableIds(collection: PostmanCollection): PostmanCollection {
  const visit = (value: unknown, where: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${where}/${i}`));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    for (const key of ['id', '_postman_id']) {
      if (typeof record[key] === 'string' && UUID.test(record[key])) {
        record[key] = uuidFrom(`${collection.info.name}${where}/${key}`);
      }
    }
    for (const [key, child] of Object.entries(record)) visit(child, `${where}/${key}`);
  };
  visit(collection, '');
  return collection;
}

/** Every request of a collection, depth first through its folders. */
export function collectionRequests(items: PostmanItem[]): PostmanItem[] {
  return items.flatMap((item) => (item.item ? collectionRequests(item.item) : item.request ? [item] : []));
}
