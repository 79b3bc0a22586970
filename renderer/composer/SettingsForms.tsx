import { useId } from 'react';
import type { ValidationIssue } from '../../shared/api/errors.js';
import type { DraftTarget } from '../../shared/drafts/ipc.js';
import { platformRules } from '../../shared/platforms/rules.js';
import { optionLabel, settingsFields, type SettingsField } from './settings-fields.js';

/** One form per chosen account whose platform has settings, generated from the shared schema. */
export function SettingsForms({
  targets,
  accountName,
  issuesOf,
  onChange,
}: {
  targets: readonly DraftTarget[];
  accountName(id: string): string;
  /** Problems of the target at this index whose path is `settings.<field>`. */
  issuesOf(targetIndex: number, field: string): ValidationIssue[];
  onChange(integrationId: string, key: string, value: unknown): void;
}) {
  const withFields = targets
    .map((t, i) => ({ t, i, fields: settingsFields(t.platform) }))
    .filter((x) => x.fields.length > 0);
  if (withFields.length === 0) return null;
  return (
    <section className="composer-settings" aria-label="Platform settings">
      {withFields.map(({ t, i, fields }) => (
        <fieldset key={t.integrationId} className="composer-settings-form card">
          <legend>
            {platformRules[t.platform].label} · {accountName(t.integrationId)}
          </legend>
          {fields.map((f) => (
            <SettingsInput
              key={f.key}
              field={f}
              value={t.settings[f.key]}
              issues={issuesOf(i, f.key)}
              onChange={(v) => onChange(t.integrationId, f.key, v)}
            />
          ))}
        </fieldset>
      ))}
    </section>
  );
}

function SettingsInput({
  field,
  value,
  issues,
  onChange,
}: {
  field: SettingsField;
  value: unknown;
  issues: ValidationIssue[];
  onChange(value: unknown): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = issues.length > 0;
  const describedBy =
    [field.description ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  const hint = field.description ? (
    <p id={hintId} className="field-hint">
      {field.description}
    </p>
  ) : null;
  const error = invalid ? (
    <p id={errorId} className="field-error">
      {friendly(field, value, issues)}
    </p>
  ) : null;

  if (field.kind === 'boolean') {
    return (
      <div className="composer-setting composer-setting-check">
        <label>
          <input
            type="checkbox"
            checked={value === true}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.checked)}
          />
          {field.title}
        </label>
        {hint}
        {error}
      </div>
    );
  }
  if (field.kind === 'choice') {
    return (
      <fieldset
        className="composer-setting composer-choice"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      >
        <legend>
          {field.title}
          {field.required ? <span className="muted"> (required)</span> : null}
        </legend>
        <div className="composer-choice-options">
          {field.options.map((o) => (
            <label key={o}>
              <input type="radio" name={id} value={o} checked={value === o} onChange={() => onChange(o)} />
              {optionLabel(o)}
            </label>
          ))}
        </div>
        {hint}
        {error}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="composer-setting field">
      <label htmlFor={id}>
        {field.title}
        {field.required ? <span className="muted"> (required)</span> : null}
      </label>
      <input
        id={id}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
      {field.maxLength !== undefined ? (
        <p className="field-hint" aria-live="polite">
          {text.length} / {field.maxLength}
          {field.minLength ? ` (at least ${field.minLength})` : ''}
        </p>
      ) : null}
      {hint}
      {error}
    </div>
  );
}

/** The schema's sentence for a field, or a plainer one when the field is simply not filled. */
function friendly(field: SettingsField, value: unknown, issues: ValidationIssue[]): string {
  if (value === undefined || value === '') {
    return field.kind === 'choice' ? `Choose "${field.title}".` : `Fill in "${field.title}".`;
  }
  if (field.kind === 'text' && typeof value === 'string') {
    const { minLength: min, maxLength: max } = field;
    if ((min !== undefined && value.length < min) || (max !== undefined && value.length > max)) {
      return `"${field.title}" needs ${min ?? 0} to ${max ?? '∞'} characters; it has ${value.length}.`;
    }
  }
  return issues.map((i) => i.message).join(' ');
}
