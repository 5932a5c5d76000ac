/**
 * The eight API references: one bundled OpenAPI file under openapi/ per
 * service, rendered by redocusaurus at /api/<id>. The navbar dropdown, the
 * footer, the home page and the tests all read this list.
 */
import {specDownloadUrl} from '../lib/openapi/urls';

export interface ApiSpec {
  /** File name under openapi/ without `.yaml`, and the route segment under /api/. */
  id: string;
  /** Service name shown in menus and cards. */
  label: string;
  /** One line on what the service does (home page card). */
  summary: string;
  /**
   * A partner's or a public API that integrators of the platform use, not one of the platform's own: the build
   * checks it for validity only (`redocly lint` errors), not against the house rules of src/lib/openapi-gate.
   */
  external?: boolean;
  /** Where the spec is, relative to the site folder; `openapi/<id>.yaml` unless given. */
  source?: string;
}

/** The spec file of an API, relative to the site folder. */
export const specSource = (spec: Pick<ApiSpec, 'id' | 'source'>): string => spec.source ?? `openapi/${spec.id}.yaml`;

/**
 * A real public spec of 663 operations (DigitalOcean's, Apache-2.0, bench/fixtures/), built into the portal only
 * by the benchmark's scale run (`npm run bench -- --scale`, which sets PORTAL_SCALE_FIXTURE=1) to check that a
 * reference of that size stays fast. It is never part of the published site.
 */
export const scaleFixtureSpec: ApiSpec = {
  id: 'digitalocean-public',
  label: 'DigitalOcean (benchmark fixture)',
  summary: "DigitalOcean's public API, the benchmark's reference of real-world size.",
  external: true,
  source: 'bench/fixtures/digitalocean-public.yaml',
};

export const apiSpecs = [
  {
    id: 'dmss-archive-service',
    label: 'Archive Service',
    summary: 'Stores documents with versions and metadata, searches them and synchronises archives.',
  },
  {
    id: 'dmss-authentication-service',
    label: 'Authentication Service',
    summary: 'Identifies people with Smart-ID, Mobile-ID, Web-eID, Evrotrust and eParaksts (EE, LV, LT).',
  },
  {
    id: 'dmss-container-and-signature-services',
    label: 'Container and Signature Service',
    summary: 'Builds ASiC-E and PDF containers, signs, seals, timestamps, validates and encrypts them.',
  },
  {
    id: 'dmss-document-generation-service',
    label: 'Document Generation Service',
    summary: 'Turns a JSON description into a PDF document.',
  },
  {
    id: 'dmss-external-gateway',
    label: 'External Gateway Service',
    summary: 'The secured front door: signing redirects, sessions, auditing and cloud e-sealing.',
  },
  {
    id: 'dmss-fallback-service',
    label: 'Fallback Service',
    summary: 'File-system or S3 archive that keeps documents when the main archive is away.',
  },
  {
    id: 'padsign-2.0-server',
    label: 'PadSign 2.0',
    summary: 'Sends documents to a signing pad, collects the drawn signature and returns the signed PDF.',
  },
  {
    id: 'dmss-process-and-auditing-service',
    label: 'Process and Auditing Service',
    summary: 'Runs multi-step signing processes with signers, approvers and viewers, and records audit events.',
  },
] as const satisfies readonly ApiSpec[];

export type ApiSpecId = (typeof apiSpecs)[number]['id'];

export {apiRoute} from '../lib/openapi/urls';

export interface ApiDownload {
  label: string;
  href: string;
  fileName: string;
}

/** Stable download URLs of one spec (served from /openapi/, made at build time from openapi/<id>.yaml). */
export const apiDownloads = (id: string): ApiDownload[] => [
  {label: 'OpenAPI YAML', href: specDownloadUrl(id, 'yaml'), fileName: `${id}.yaml`},
  {label: 'OpenAPI JSON', href: specDownloadUrl(id, 'json'), fileName: `${id}.json`},
  {label: 'Postman collection', href: specDownloadUrl(id, 'postman'), fileName: `${id}.postman.json`},
];
