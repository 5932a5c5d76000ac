/**
 * The error responses of the spec's section 8 ("Error catalogue: Platform APIs")
 * that an operation must document, keyed by spec file name.
 * Each rule matches operations by HTTP method and path and lists the statuses
 * they must declare.
 */
export interface ErrorRule {
  /** What the rule stands for, quoted in the gate's messages. */
  reason: string;
  methods?: readonly string[];
  path: RegExp;
  statuses: readonly string[];
}

export const errorRules: Record<string, readonly ErrorRule[]> = {
  'dmss-authentication-service': [
    {
      reason: 'authentication: 400 bad request, 403 service disabled',
      path: /^\/api\/authentication\//,
      statuses: ['400', '403'],
    },
  ],
  'dmss-container-and-signature-services': [
    {
      reason: 'Smart-ID signing: 400 bad request, 403 Smart-ID forbidden',
      methods: ['put'],
      path: /^\/api\/signing\/smart\//,
      statuses: ['400', '403'],
    },
    {
      reason: 'Mobile-ID signing: 403 forbidden',
      methods: ['put'],
      path: /^\/api\/signing\/mobile\//,
      statuses: ['403'],
    },
    {
      reason: 'unknown signing session: 422 session not found',
      methods: ['get'],
      path: /^\/api\/(signing\/[^/]+\/)?session\/\{[^}]+\}\/status/,
      statuses: ['422'],
    },
    {
      reason: 'timestamp and stamping: 500 stamping error, 502 and 503 services unavailable',
      methods: ['post', 'put'],
      path: /^\/api\/(timestamping|stamping|eseal\/document)\//,
      statuses: ['500', '502', '503'],
    },
    {
      reason: 'stamping: 400 bad input, 404 not found, 415 empty file, 422 wrong input',
      methods: ['post'],
      path: /^\/api\/stamping\//,
      statuses: ['400', '404', '415', '422'],
    },
    {
      reason: 'container operations: 422 signed or invalid container',
      methods: ['post'],
      path: /^\/api\/(v2\/)?container\//,
      statuses: ['422'],
    },
    {
      reason: 'form fill: 400 when the filled form cannot be sent',
      methods: ['post'],
      path: /^\/api\/forms\/fill\//,
      statuses: ['400'],
    },
  ],
  'padsign-2.0-server': [
    {
      reason: 'pad signing: 201 success, 400 invalid input, 500 internal error',
      path: /^\/(registerUser|registerUserPDF|clearUser|removeUser|save|xml)$/,
      statuses: ['201', '400', '500'],
    },
  ],
  'dmss-archive-service': [
    {
      reason: 'archive migration start: 400 MIGRATION_IN_PROGRESS',
      methods: ['post'],
      path: /\/migration\/start$/,
      statuses: ['400'],
    },
  ],
  'dmss-fallback-service': [
    {
      reason: 'archive migration start: 400 MIGRATION_IN_PROGRESS',
      methods: ['post'],
      path: /\/migration\/start$/,
      statuses: ['400'],
    },
  ],
};
