/**
 * The fields of the Try it console: server, credentials, parameters and
 * body, each with its label, hint and error message.
 */
import {type ChangeEvent, type ReactNode, useState} from 'react';
import type {
  OperationModel,
  ParameterModel,
  PartModel,
  SchemeModel,
  ServerModel,
} from '../../../../lib/openapi/request';
import {
  BODY_FIELD,
  MOCK_URL,
  SERVER_URL_FIELD,
  credentialsOptional,
  partField,
  schemesOf,
  serverVariableField,
  specServerChoice,
  type CredentialInput,
  type Errors,
  type FormState,
  type ServerChoice,
} from './form';
import styles from './styles.module.css';

export const plain = (text: string): string =>
  text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

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

export function ServerFields({
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
export function Credentials({
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

export function ParameterField({
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

export function BodyFields({
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
