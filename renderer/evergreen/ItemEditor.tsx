import { useState } from 'react';
import { accountWithPlatform } from '../../shared/platforms/names.js';
import {
  EvergreenItemInput,
  MAX_VERSIONS,
  type EndRule,
  type EvergreenItem,
} from '../../shared/evergreen/model.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { useEvergreenWrite } from './queries.js';

/*
 * The form of one evergreen post: its text versions (they rotate), its
 * accounts, how long it rests between repeats, when it ends, and the days it never goes out.
 */

interface Props {
  listId: string;
  item: EvergreenItem | null;
  accounts: readonly IntegrationView[];
  onDone(): void;
}

export function ItemEditor({ listId, item, accounts, onDone }: Props) {
  const save = useEvergreenWrite('saveEvergreenItem');
  const [versions, setVersions] = useState<string[]>(item?.versions ?? ['']);
  const [targets, setTargets] = useState<string[]>(item?.targets.map((t) => t.integrationId) ?? []);
  const [cooldown, setCooldown] = useState(String(item?.cooldownDays ?? 7));
  const [endKind, setEndKind] = useState<EndRule['kind']>(item?.endRule.kind ?? 'never');
  const [repeats, setRepeats] = useState(
    String(item?.endRule.kind === 'afterRepeats' ? item.endRule.repeats : 10),
  );
  const [until, setUntil] = useState(item?.endRule.kind === 'onDate' ? item.endRule.date : '');
  const [skipDates, setSkipDates] = useState<string[]>(item?.skipDates ?? []);
  const [skipDay, setSkipDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const endRule: EndRule =
    endKind === 'afterRepeats'
      ? { kind: 'afterRepeats', repeats: Number(repeats) }
      : endKind === 'onDate'
        ? { kind: 'onDate', date: until }
        : { kind: 'never' };

  const submit = () => {
    const chosen = accounts.filter((a) => targets.includes(a.id));
    const input = {
      ...(item ? { id: item.id } : {}),
      listId,
      versions,
      media: item?.media ?? [],
      targets: chosen.map((a) => ({
        integrationId: a.id,
        platform: a.platform ?? 'x',
        settings: item?.targets.find((t) => t.integrationId === a.id)?.settings ?? {},
      })),
      cooldownDays: Number(cooldown),
      endRule,
      skipDates: [...skipDates].sort(),
    };
    // Checked here first so the sentence appears beside the form at once; main checks again.
    const parsed = EvergreenItemInput.safeParse(input);
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((i) => i.message).join(' '));
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: onDone });
  };

  return (
    <form
      className="evergreen-editor card"
      aria-label={item ? 'Edit evergreen post' : 'New evergreen post'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3>{item ? 'Edit evergreen post' : 'New evergreen post'}</h3>
      <fieldset>
        <legend>Text versions (they take turns, so repeats are not exact copies)</legend>
        {versions.map((text, i) => (
          <div className="evergreen-version" key={i}>
            <label>
              Version {i + 1}
              <textarea
                aria-label={`Version ${i + 1}`}
                value={text}
                rows={3}
                onChange={(e) => setVersions(versions.map((v, j) => (j === i ? e.target.value : v)))}
              />
            </label>
            {versions.length > 1 ? (
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove version ${i + 1}`}
                onClick={() => setVersions(versions.filter((_, j) => j !== i))}
              >
                ×
              </button>
            ) : null}
          </div>
        ))}
        {versions.length === 1 && accounts.some((a) => a.platform === 'x' && targets.includes(a.id)) ? (
          <p className="muted" role="note">
            X refuses a post that repeats a recent one word for word: add a second version.
          </p>
        ) : null}
        <button
          type="button"
          className="button button-small"
          disabled={versions.length >= MAX_VERSIONS}
          onClick={() => setVersions([...versions, ''])}
        >
          Add a version
        </button>
      </fieldset>
      <fieldset>
        <legend>Accounts</legend>
        {accounts.length === 0 ? (
          <p className="muted">No accounts known yet; open the calendar first.</p>
        ) : null}
        <ul className="evergreen-accounts">
          {accounts.map((a) => (
            <li key={a.id}>
              <label>
                <input
                  type="checkbox"
                  checked={targets.includes(a.id)}
                  onChange={(e) =>
                    setTargets(e.target.checked ? [...targets, a.id] : targets.filter((x) => x !== a.id))
                  }
                />{' '}
                {accountWithPlatform(a.name, a.platform)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="evergreen-row">
        <CountField label="Rest between repeats (days)" max={365} value={cooldown} onChange={setCooldown} />
        <label className="queue-field">
          Ends
          <select
            aria-label="Ends"
            value={endKind}
            onChange={(e) => setEndKind(e.target.value as EndRule['kind'])}
          >
            <option value="never">Never</option>
            <option value="afterRepeats">After a number of repeats</option>
            <option value="onDate">On a date</option>
          </select>
        </label>
        {endKind === 'afterRepeats' ? (
          <CountField label="Repeats per account" max={1000} value={repeats} onChange={setRepeats} />
        ) : null}
        {endKind === 'onDate' ? (
          <label className="queue-field">
            Last day
            <input
              type="date"
              value={until}
              aria-label="Last day"
              onChange={(e) => setUntil(e.target.value)}
            />
          </label>
        ) : null}
      </div>
      <fieldset>
        <legend>Days it never goes out</legend>
        <div className="evergreen-row">
          <input
            type="date"
            aria-label="Skip day"
            value={skipDay}
            onChange={(e) => setSkipDay(e.target.value)}
          />
          <button
            type="button"
            className="button button-small"
            disabled={skipDay === '' || skipDates.includes(skipDay)}
            onClick={() => {
              setSkipDates([...skipDates, skipDay].sort());
              setSkipDay('');
            }}
          >
            Add skip day
          </button>
        </div>
        <ul className="evergreen-skips">
          {skipDates.map((d) => (
            <li key={d}>
              {d}{' '}
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove skip day ${d}`}
                onClick={() => setSkipDates(skipDates.filter((x) => x !== d))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
      {problem || save.error ? (
        <p className="field-error" role="alert">
          {problem ?? save.error?.message}
        </p>
      ) : null}
      <div className="evergreen-row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {item ? 'Save post' : 'Add post'}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A count from 1 to `max`, kept as typed (the editor checks it on save). */
function CountField({
  label,
  max,
  value,
  onChange,
}: {
  label: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="queue-field">
      {label}
      <input
        type="number"
        min={1}
        max={max}
        value={value}
        aria-label={label}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
