/**
 * The Try it console of one operation (its own chunk, loaded on the first
 * press of a Try it button): server, credentials, parameters and body,
 * prefilled with the values of the operation's code samples; Send; and the
 * answer with its status, time, headers and body, plus the curl command of
 * what was sent. Nothing is sent but what the reader sends with Send.
 */
import {type FormEvent, type ReactNode, useEffect, useId, useRef, useState} from 'react';
import Heading from '@theme/Heading';
import {parameterKey, type ApiRequestModel, type OperationModel} from '../../../../lib/openapi/request';
import {tryItModelUrl} from '../../../../lib/openapi/urls';
import {CurlView, OutcomeView, summary, type Sent} from './answer';
import {BodyFields, Credentials, ParameterField, ServerFields} from './fields';
import {
  initialState,
  paramField,
  prepareRequest,
  resolveServer,
  schemesOf,
  serverChoiceFrom,
  type CredentialInput,
  type Errors,
  type FormState,
  type ServerChoice,
} from './form';
import {send, type Outcome} from './send';
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
