/**
 * The Try it console of one operation (its own chunk, loaded on the first
 * press of a Try it button): server, credentials, parameters and body,
 * prefilled with the values of the operation's code samples; Send; and the
 * answer with its status, time, headers and body, plus the curl command of
 * what was sent. Nothing is sent but what the reader sends with Send.
 */
import {type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState} from 'react';
import Heading from '@theme/Heading';
import {
  curlCommand,
  parameterKey,
  tryItModelUrl,
  type ApiRequestModel,
  type Credential,
  type HttpRequest,
  type OperationModel,
  type ParameterModel,
  type PartModel,
  type SchemeModel,
  type ServerModel,
} from '../../plugins/api-reference/request';
import {
  BODY_FIELD,
  MOCK_URL,
  SERVER_URL_FIELD,
  credentialNames,
  credentialsOptional,
  initialState,
  paramField,
  partField,
  prepareRequest,
  resolveServer,
  schemesOf,
  serverChoiceFrom,
  serverVariableField,
  specServerChoice,
  type CredentialInput,
  type Errors,
  type FormState,
  type ServerChoice,
} from './form';
import {formatSize, send, type Answer, type Failure, type Outcome} from './send';
import {credentialsKey, readJson, remove, serverKey, writeJson} from './storage';
import styles from './styles.module.css';

// ------------------------------------------------------------ the models

const models = new Map<string, Promise<ApiRequestModel>>();

function loadModel(specId: string): Promise<ApiRequestModel> {
  let model = models.get(specId);
  if (!model) {
    const url = tryItModelUrl(specId);
    model = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
      return (await response.json()) as ApiRequestModel;
    });
    model.catch(() => models.delete(specId));
    models.set(specId, model);
  }
  return model;
}

interface Props {
  specId: string;
  operationId: string;
}

export default function Console({specId, operationId}: Props): ReactNode {
  const [model, setModel] = useState<ApiRequestModel | Error | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setModel(null);
    loadModel(specId).then(
      (loaded) => !cancelled && setModel(loaded),
      (error: unknown) => !cancelled && setModel(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      cancelled = true;
    };
  }, [specId, attempt]);

  if (!model) {
    return (
      <p role="status" className={styles.loading}>
        Loading the operation…
      </p>
    );
  }
  if (model instanceof Error) {
    return (
      <div role="alert" className="alert alert--danger">
        <p>The console could not load this API&apos;s operations ({model.message}).</p>
        <button type="button" className="button button--secondary button--sm" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  }
  const operation = model.operations[operationId];
  if (!operation) {
    return (
      <p role="alert" className="alert alert--warning">
        This API has no operation {operationId} to try.
      </p>
    );
  }
  return <OperationConsole api={model} operation={operation} />;
}

// ------------------------------------------------------------ the console

/** The fields of each operation while the page is open (not stored: reopening the console keeps them). */
const forms = new Map<string, FormState>();

function storedCredentials(specId: string): Record<string, CredentialInput> {
  const stored = readJson('sessionStorage', credentialsKey(specId));
  if (typeof stored !== 'object' || stored === null) return {};
  const result: Record<string, CredentialInput> = {};
  for (const [name, value] of Object.entries(stored as Record<string, unknown>)) {
    const input = value as Partial<CredentialInput> | null;
    if (typeof input?.secret === 'string' || typeof input?.username === 'string') {
      result[name] = {
        secret: typeof input.secret === 'string' ? input.secret : '',
        username: typeof input.username === 'string' ? input.username : '',
      };
    }
  }
  return result;
}

interface Sent {
  request: HttpRequest<File>;
  credentials: Credential[];
}

function OperationConsole({api, operation}: {api: ApiRequestModel; operation: OperationModel}): ReactNode {
  const id = useId();
  const fieldId = (field: string): string => `${id}-${field.replace(/[^\w-]/g, '_')}`;
  const formKey = `${api.specId} ${operation.operationId}`;
  const servers = operation.servers ?? api.servers;

  const [choice, setChoice] = useState<ServerChoice>(() =>
    serverChoiceFrom(readJson('localStorage', serverKey(api.specId)), servers),
  );
  const [form, setForm] = useState<FormState>(() => ({
    ...(forms.get(formKey) ?? initialState(operation)),
    credentials: storedCredentials(api.specId),
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');
  const [sending, setSending] = useState<AbortController | null>(null);
  const [result, setResult] = useState<{sent: Sent; outcome: Outcome} | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const focusInvalid = useRef(false);

  useEffect(() => {
    forms.set(formKey, {...form, credentials: {}});
  }, [form, formKey]);

  // The request under way, if any: stopped by Cancel, by a new Send, or when the console closes.
  const active = useRef<AbortController | null>(null);
  useEffect(() => () => active.current?.abort(), []);

  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const chooseServer = (next: ServerChoice): void => {
    setChoice(next);
    writeJson('localStorage', serverKey(api.specId), next);
  };

  const setCredential = (scheme: string, change: Partial<CredentialInput>): void => {
    setForm((current) => {
      const credentials = {
        ...current.credentials,
        [scheme]: {secret: '', username: '', ...current.credentials[scheme], ...change},
      };
      writeJson('sessionStorage', credentialsKey(api.specId), credentials);
      return {...current, credentials};
    });
  };

  const forgetCredentials = (): void => {
    remove('sessionStorage', credentialsKey(api.specId));
    setForm((current) => ({...current, credentials: {}}));
    setStatus('Credentials forgotten: they are no longer in this tab.');
  };

  const reset = (): void => {
    setForm((current) => ({...initialState(operation), credentials: current.credentials}));
    setErrors({});
    setStatus('Fields reset to the examples.');
  };

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const prepared = prepareRequest(operation, api.schemes, form, resolveServer(choice, servers));
    if ('errors' in prepared) {
      const count = Object.keys(prepared.errors).length;
      focusInvalid.current = true;
      setErrors(prepared.errors);
      setStatus(`Nothing was sent: ${count} field${count === 1 ? ' needs' : 's need'} attention (see the messages).`);
      return;
    }
    setErrors({});
    active.current?.abort();
    const controller = new AbortController();
    active.current = controller;
    setSending(controller);
    setStatus('Sending…');
    const outcome = await send(prepared.request, controller.signal);
    if (active.current !== controller) return; // a newer Send took over, or the console closed
    active.current = null;
    setSending(null);
    setResult({sent: prepared, outcome});
    setStatus(summary(outcome));
    requestAnimationFrame(() => resultRef.current?.scrollIntoView({block: 'start'}));
  };

  const schemeNames = schemesOf(operation);
  const groups = (['path', 'query', 'header', 'cookie'] as const)
    .map((location) => ({location, params: operation.parameters.filter((param) => param.in === location)}))
    .filter((group) => group.params.length > 0);

  return (
    <div className={styles.console}>
      <p className={styles.endpoint}>
        <span className={styles.method}>{operation.method}</span> <code>{operation.path}</code>
      </p>
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)}>
        <ServerFields
          specId={api.specId}
          servers={servers}
          choice={choice}
          errors={errors}
          fieldId={fieldId}
          onChange={chooseServer}
        />

        {schemeNames.length > 0 && (
          <Credentials
            operation={operation}
            schemes={api.schemes}
            values={form.credentials}
            fieldId={fieldId}
            onChange={setCredential}
            onForget={forgetCredentials}
          />
        )}

        {groups.map(({location, params}) => (
          <fieldset key={location} className={styles.group}>
            <legend>{LOCATION_LABELS[location]}</legend>
            {location === 'cookie' && (
              <p className={styles.hint}>
                Browsers do not let a page set cookies for another site: these go into the curl command only.
              </p>
            )}
            {params.map((param) => (
              <ParameterField
                key={parameterKey(param)}
                param={param}
                text={form.params[parameterKey(param)] ?? ''}
                error={errors[paramField(param)]}
                id={fieldId(paramField(param))}
                onChange={(text) =>
                  setForm((current) => ({...current, params: {...current.params, [parameterKey(param)]: text}}))
                }
              />
            ))}
          </fieldset>
        ))}

        {operation.body && (
          <BodyFields
            operation={operation}
            form={form}
            errors={errors}
            fieldId={fieldId}
            onBody={(body) => setForm((current) => ({...current, body}))}
            onPart={(name, text) => setForm((current) => ({...current, parts: {...current.parts, [name]: text}}))}
            onFiles={(name, files) => setForm((current) => ({...current, files: {...current.files, [name]: files}}))}
          />
        )}

        <div className={styles.actions}>
          <button type="submit" className="button button--primary">
            Send
          </button>
          {sending && (
            <button type="button" className="button button--secondary" onClick={() => sending.abort()}>
              Cancel
            </button>
          )}
          <button type="button" className="button button--link" onClick={reset}>
            Reset to the examples
          </button>
        </div>
        <p role="status" className={styles.status}>
          {status}
        </p>
      </form>

      {result && (
        <section ref={resultRef} aria-labelledby={`${id}-result`} className={styles.result}>
          <Heading as="h3">
            <span id={`${id}-result`}>Response</span>
          </Heading>
          <OutcomeView outcome={result.outcome} specId={api.specId} />
          <CurlView sent={result.sent} titleId={`${id}-curl`} />
        </section>
      )}
    </div>
  );
}

const LOCATION_LABELS = {
  path: 'Path parameters',
  query: 'Query parameters',
  header: 'Header parameters',
  cookie: 'Cookie parameters',
} as const;

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

function summary(outcome: Outcome): string {
  if (outcome.kind === 'answer') return `Answer: ${statusLine(outcome)} in ${outcome.duration} ms.`;
  if (outcome.kind === 'cancelled') return 'Cancelled.';
  return 'No answer could be read (see below).';
}

/** Markdown of a description as plain text (code marks, emphasis and link targets dropped). */
const plain = (text: string): string =>
  text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

// ---------------------------------------------------------------- fields

function FieldError({id, error}: {id: string; error: string | undefined}): ReactNode {
  return error ? (
    <p id={id} className={styles.error}>
      {error}
    </p>
  ) : null;
}

function Required(): ReactNode {
  return <span className={styles.required}> (required)</span>;
}

function ServerFields({
  specId,
  servers,
  choice,
  errors,
  fieldId,
  onChange,
}: {
  specId: string;
  servers: ServerModel[];
  choice: ServerChoice;
  errors: Errors;
  fieldId: (field: string) => string;
  onChange: (choice: ServerChoice) => void;
}): ReactNode {
  const selectId = fieldId('server');
  const value = choice.kind === 'spec' ? `spec-${choice.index}` : choice.kind;
  const onSelect = (event: ChangeEvent<HTMLSelectElement>): void => {
    const selected = event.target.value;
    if (selected === 'mock') onChange({kind: 'mock'});
    else if (selected === 'custom') onChange({kind: 'custom', url: choice.kind === 'custom' ? choice.url : ''});
    else onChange(specServerChoice(servers, Number(selected.slice('spec-'.length))));
  };
  const server = choice.kind === 'spec' ? servers[choice.index] : undefined;
  const urlId = fieldId(SERVER_URL_FIELD);
  return (
    <fieldset className={styles.group}>
      <legend>Server</legend>
      <label htmlFor={selectId} className={styles.label}>
        Send to
      </label>
      <select id={selectId} className={styles.input} value={value} onChange={onSelect}>
        <option value="mock">Local mock: {MOCK_URL}</option>
        {servers.map((item, index) => (
          <option key={item.url} value={`spec-${index}`}>
            Documented server: {item.url}
          </option>
        ))}
        <option value="custom">Your installation (enter its address)</option>
      </select>
      {choice.kind === 'mock' && (
        <p className={styles.hint}>
          Start it in a checkout of this portal with <code>npm run mock -- {specId}</code>: it answers with the
          documented examples and allows calls from this page.
        </p>
      )}
      {choice.kind === 'custom' && (
        <div className={styles.field}>
          <label htmlFor={urlId} className={styles.label}>
            Address of your installation
            <Required />
          </label>
          <input
            id={urlId}
            className={styles.input}
            type="url"
            inputMode="url"
            placeholder="https://signing.example.com"
            value={choice.url}
            aria-required="true"
            aria-invalid={errors[SERVER_URL_FIELD] ? true : undefined}
            aria-describedby={errors[SERVER_URL_FIELD] ? `${urlId}-error` : `${urlId}-hint`}
            onChange={(event) => onChange({kind: 'custom', url: event.target.value})}
          />
          <p id={`${urlId}-hint`} className={styles.hint}>
            The operation&apos;s path is added to it. The installation must allow this site in its CORS settings.
          </p>
          <FieldError id={`${urlId}-error`} error={errors[SERVER_URL_FIELD]} />
        </div>
      )}
      {choice.kind === 'spec' && server && (
        <>
          {server.description && <p className={styles.hint}>{plain(server.description)}</p>}
          {Object.entries(server.variables).map(([name, variable]) => {
            const variableId = fieldId(serverVariableField(name));
            const error = errors[serverVariableField(name)];
            const onVariable = (text: string): void =>
              onChange({...choice, variables: {...choice.variables, [name]: text}});
            return (
              <div key={name} className={styles.field}>
                <label htmlFor={variableId} className={styles.label}>
                  <code>{name}</code>
                  <Required />
                </label>
                {variable.enum ? (
                  <select
                    id={variableId}
                    className={styles.input}
                    value={choice.variables[name] ?? ''}
                    onChange={(event) => onVariable(event.target.value)}
                  >
                    {variable.enum.map((option) => (
                      <option key={option}>{option}</option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={variableId}
                    className={styles.input}
                    value={choice.variables[name] ?? ''}
                    aria-required="true"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${variableId}-error` : undefined}
                    onChange={(event) => onVariable(event.target.value)}
                  />
                )}
                {variable.description && <p className={styles.hint}>{plain(variable.description)}</p>}
                <FieldError id={`${variableId}-error`} error={error} />
              </div>
            );
          })}
        </>
      )}
    </fieldset>
  );
}

/**
 * The credentials of the schemes the operation uses. Optional ones start
 * folded (unless some are kept from before), required ones open.
 */
function Credentials({
  operation,
  schemes,
  values,
  fieldId,
  onChange,
  onForget,
}: {
  operation: OperationModel;
  schemes: Record<string, SchemeModel>;
  values: Record<string, CredentialInput>;
  fieldId: (field: string) => string;
  onChange: (scheme: string, change: Partial<CredentialInput>) => void;
  onForget: () => void;
}): ReactNode {
  const names = schemesOf(operation);
  const optional = credentialsOptional(operation);
  const [initiallyOpen] = useState(
    () => !optional || names.some((name) => values[name]?.secret || values[name]?.username),
  );
  return (
    <details className={styles.group} open={initiallyOpen}>
      <summary className={styles.summary}>Credentials{optional ? ' (optional)' : ''}</summary>
      <p className={styles.hint}>
        {optional
          ? 'The operation is documented to work without credentials too.'
          : operation.security.length > 1
            ? 'The operation needs one of these.'
            : 'The operation needs these credentials.'}{' '}
        They are kept in this browser tab only (session storage), never in the address or in local storage, and are sent
        only with Send.
      </p>
      {names.map((name) => {
        const scheme = schemes[name];
        return scheme ? (
          <SchemeFields
            key={name}
            name={name}
            scheme={scheme}
            value={values[name] ?? {secret: '', username: ''}}
            fieldId={fieldId}
            onChange={(change) => onChange(name, change)}
          />
        ) : null;
      })}
      <button type="button" className={`button button--secondary button--sm ${styles.forget}`} onClick={onForget}>
        Forget credentials
      </button>
    </details>
  );
}

function SchemeFields({
  name,
  scheme,
  value,
  fieldId,
  onChange,
}: {
  name: string;
  scheme: SchemeModel;
  value: CredentialInput;
  fieldId: (field: string) => string;
  onChange: (change: Partial<CredentialInput>) => void;
}): ReactNode {
  const secretId = fieldId(`credential:${name}`);
  const userId = fieldId(`credential-user:${name}`);
  const label =
    scheme.kind === 'bearer'
      ? 'Bearer token'
      : scheme.kind === 'basic'
        ? 'Password'
        : scheme.kind === 'http'
          ? `${scheme.scheme} credentials`
          : `API key in the ${scheme.in} ${scheme.name}`;
  return (
    <div className={styles.scheme}>
      <p className={styles.schemeName}>
        <code>{name}</code>
        {scheme.description && <span className={styles.hint}> {plain(scheme.description)}</span>}
      </p>
      {scheme.kind === 'basic' && (
        <div className={styles.field}>
          <label htmlFor={userId} className={styles.label}>
            User name
          </label>
          <input
            id={userId}
            className={styles.input}
            autoComplete="off"
            value={value.username}
            onChange={(event) => onChange({username: event.target.value})}
          />
        </div>
      )}
      <div className={styles.field}>
        <label htmlFor={secretId} className={styles.label}>
          {label}
        </label>
        <input
          id={secretId}
          className={styles.input}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={value.secret}
          onChange={(event) => onChange({secret: event.target.value})}
        />
      </div>
    </div>
  );
}

function typeHint(param: ParameterModel): string {
  if (param.kind === 'array') return `list of ${param.itemKind ?? 'string'}, one per line`;
  if (param.kind === 'object') return 'JSON object';
  if (param.kind === 'json') return 'JSON';
  return param.format ? `${param.kind} (${param.format})` : param.kind;
}

function ParameterField({
  param,
  text,
  error,
  id,
  onChange,
}: {
  param: ParameterModel;
  text: string;
  error: string | undefined;
  id: string;
  onChange: (text: string) => void;
}): ReactNode {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const common = {
    id,
    className: styles.input,
    'aria-required': param.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${errorId} ${hintId}` : hintId,
  } as const;
  const options = param.enum ?? (param.kind === 'boolean' ? ['true', 'false'] : undefined);
  let control: ReactNode;
  if (options && param.kind !== 'array') {
    control = (
      <select {...common} value={text} onChange={(event) => onChange(event.target.value)}>
        {(!param.required || !options.includes(text)) && <option value="">(not sent)</option>}
        {options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    );
  } else if (param.kind === 'array' || param.kind === 'object' || param.kind === 'json') {
    control = (
      <textarea
        {...common}
        className={`${styles.input} ${styles.code}`}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        spellCheck={false}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        inputMode={param.kind === 'integer' ? 'numeric' : param.kind === 'number' ? 'decimal' : undefined}
        spellCheck={false}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        <code>{param.name}</code>
        {param.required && <Required />}
      </label>
      {control}
      <p id={hintId} className={styles.hint}>
        {typeHint(param)}
        {param.description ? `: ${plain(param.description)}` : ''}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function BodyFields({
  operation,
  form,
  errors,
  fieldId,
  onBody,
  onPart,
  onFiles,
}: {
  operation: OperationModel;
  form: FormState;
  errors: Errors;
  fieldId: (field: string) => string;
  onBody: (text: string) => void;
  onPart: (name: string, text: string) => void;
  onFiles: (name: string, files: File[]) => void;
}): ReactNode {
  const body = operation.body!;
  if (body.kind === 'text') {
    const id = fieldId(BODY_FIELD);
    const error = errors[BODY_FIELD];
    return (
      <fieldset className={styles.group}>
        <legend>
          Request body <code>{body.mimeType}</code>
          {body.required && <Required />}
        </legend>
        <label htmlFor={id} className="sr-only">
          Request body ({body.mimeType})
        </label>
        <textarea
          id={id}
          className={`${styles.input} ${styles.code}`}
          rows={Math.min(18, Math.max(4, form.body.split('\n').length + 1))}
          spellCheck={false}
          value={form.body}
          aria-required={body.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onBody(event.target.value)}
        />
        <FieldError id={`${id}-error`} error={error} />
      </fieldset>
    );
  }
  return (
    <fieldset className={styles.group}>
      <legend>
        Request body <code>{body.mimeType}</code>
        {body.required && <Required />}
      </legend>
      {body.parts.map((part) => (
        <PartField
          key={part.name}
          part={part}
          text={form.parts[part.name] ?? ''}
          files={form.files[part.name] ?? []}
          error={errors[partField(part)]}
          id={fieldId(partField(part))}
          onText={(text) => onPart(part.name, text)}
          onFiles={(files) => onFiles(part.name, files)}
        />
      ))}
    </fieldset>
  );
}

function PartField({
  part,
  text,
  files,
  error,
  id,
  onText,
  onFiles,
}: {
  part: PartModel;
  text: string;
  files: File[];
  error: string | undefined;
  id: string;
  onText: (text: string) => void;
  onFiles: (files: File[]) => void;
}): ReactNode {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = error ? `${errorId} ${hintId}` : hintId;
  const hint = part.file
    ? `${part.multiple ? 'files' : 'file'}${part.sample?.length ? ` (the samples send ${part.sample.join(', ')})` : ''}`
    : part.json
      ? 'JSON'
      : part.multiple
        ? 'one value per line'
        : 'text';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        <code>{part.name}</code>
        {part.required && <Required />}
      </label>
      {part.file ? (
        <input
          id={id}
          className={styles.file}
          type="file"
          multiple={part.multiple}
          aria-required={part.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onFiles([...(event.target.files ?? [])])}
        />
      ) : part.json || part.multiple ? (
        <textarea
          id={id}
          className={`${styles.input} ${styles.code}`}
          rows={Math.min(12, Math.max(2, text.split('\n').length + 1))}
          spellCheck={false}
          value={text}
          aria-required={part.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onText(event.target.value)}
        />
      ) : (
        <input
          id={id}
          className={styles.input}
          spellCheck={false}
          value={text}
          aria-required={part.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onText(event.target.value)}
        />
      )}
      <p id={hintId} className={styles.hint}>
        {hint}
        {part.contentType ? `, sent as ${part.contentType}` : ''}
        {part.file && files.length > 0 ? `; chosen: ${files.map((file) => file.name).join(', ')}` : ''}
        {part.description ? `. ${plain(part.description)}` : ''}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

// ---------------------------------------------------------------- answer

function OutcomeView({outcome, specId}: {outcome: Outcome; specId: string}): ReactNode {
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

function CurlView({sent, titleId}: {sent: Sent; titleId: string}): ReactNode {
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
