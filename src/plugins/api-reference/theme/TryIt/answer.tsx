/**
 * The answer part of the Try it console: status and time, headers, body
 * (pretty JSON, text, or a download), the explanation of a request that got
 * no readable answer, and the curl command of what was sent.
 */
import {type ReactNode, useEffect, useMemo, useState} from 'react';
import Heading from '@theme/Heading';
import {curlCommand, type Credential, type HttpRequest} from '../../../../lib/openapi/request';
import {credentialNames} from './form';
import {formatSize, type Answer, type Failure, type Outcome} from './send';
import styles from './styles.module.css';

/** A request the console sent, with the credentials it carried. */
export interface Sent {
  request: HttpRequest<File>;
  credentials: Credential[];
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

const statusLine = (answer: Answer): string =>
  `${answer.status} ${answer.statusText || REASONS[answer.status] || ''}`.trim();

export function summary(outcome: Outcome): string {
  if (outcome.kind === 'answer') return `Answer: ${statusLine(outcome)} in ${outcome.duration} ms.`;
  if (outcome.kind === 'cancelled') return 'Cancelled.';
  return 'No answer could be read (see below).';
}

/** Markdown of a description as plain text (code marks, emphasis and link targets dropped). */

export function OutcomeView({outcome, specId}: {outcome: Outcome; specId: string}): ReactNode {
  if (outcome.kind === 'cancelled') return <p>Cancelled: the request was stopped before its answer arrived.</p>;
  if (outcome.kind === 'failure') return <FailureView failure={outcome} specId={specId} />;
  return <AnswerView answer={outcome} />;
}

function AnswerView({answer}: {answer: Answer}): ReactNode {
  const tone = answer.status < 300 ? styles.ok : answer.status < 400 ? styles.redirect : styles.bad;
  return (
    <>
      <p className={styles.statusLine} data-try-it-status={answer.status}>
        <span className={`${styles.badge} ${tone}`}>{statusLine(answer)}</span>
        <span> in {answer.duration} ms</span>
      </p>
      <details className={styles.headers}>
        <summary>Response headers ({answer.headers.length})</summary>
        <table>
          <tbody>
            {answer.headers.map(([name, value], index) => (
              <tr key={`${name}-${index}`}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={styles.hint}>
          Only the headers the server exposes to this page (Access-Control-Expose-Headers) are listed.
        </p>
      </details>
      <Heading as="h4" className={styles.subheading}>
        Body
      </Heading>
      <BodyView body={answer.body} />
    </>
  );
}

function BodyView({body}: {body: Answer['body']}): ReactNode {
  const url = useMemo(() => (body.kind === 'binary' ? URL.createObjectURL(body.blob) : undefined), [body]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (body.kind === 'empty') return <p>No body.</p>;
  if (body.kind === 'binary') {
    return (
      <p>
        {/* A blob: URL made in this page, not a route: a plain link with download. */}
        {/* eslint-disable-next-line @docusaurus/no-html-links */}
        <a href={url} download={body.fileName} data-try-it-download>
          Download {body.fileName}
        </a>{' '}
        ({body.type}, {formatSize(body.size)})
      </p>
    );
  }
  return (
    <pre className={styles.output} tabIndex={0} data-try-it-body={body.kind}>
      <code>{body.text}</code>
    </pre>
  );
}

function FailureView({failure, specId}: {failure: Failure; specId: string}): ReactNode {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div role="alert" className={`alert alert--warning ${styles.failure}`}>
      <p>
        <strong>No answer could be read from {failure.target}.</strong> The browser does not tell a page why; these are
        the usual reasons:
      </p>
      <ul>
        {failure.mixedContent && (
          <li>
            This page was loaded over HTTPS and the address is plain HTTP: browsers block such requests (mixed content).
            Use the installation&apos;s HTTPS address.
          </li>
        )}
        <li>
          Nothing answers at that address: the server is not running, the host name or port is wrong, or a firewall or
          proxy is in the way. For the local mock, start <code>npm run mock -- {specId}</code> and keep it running.
        </li>
        <li>
          The server answered but did not allow this page to read the answer (CORS). A browser only lets a page read an
          answer from another origin when the server says so in an <code>Access-Control-Allow-Origin</code> header, and
          for requests with credentials or JSON it first asks with an <code>OPTIONS</code> request. Your installation
          must allow this portal&apos;s origin, <code>{origin}</code>, with the methods and headers this operation uses.
          The local mock allows every origin.
        </li>
        {failure.localNetwork && (
          <li>
            The address is on your computer or local network and this page is not: Chrome asks whether the site may
            reach it (Local Network Access). If you declined, allow it in the site settings.
          </li>
        )}
      </ul>
      <p>The browser&apos;s developer tools (Network and Console) show which one it was.</p>
    </div>
  );
}

export function CurlView({sent, titleId}: {sent: Sent; titleId: string}): ReactNode {
  const mask = credentialNames(sent.credentials);
  const shown = curlCommand(sent.request, mask);
  const full = curlCommand(sent.request);
  const [copied, setCopied] = useState(false);
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(full);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <Heading as="h4" className={styles.subheading}>
        <span id={titleId}>Request sent, as curl</span>
      </Heading>
      {sent.credentials.length > 0 && (
        <p className={styles.hint}>Credentials are shown as *** here; Copy includes them.</p>
      )}
      <pre className={styles.output} tabIndex={0} aria-labelledby={titleId} data-try-it-curl>
        <code>{shown}</code>
      </pre>
      <button type="button" className="button button--secondary button--sm" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy curl'}
      </button>
    </>
  );
}
