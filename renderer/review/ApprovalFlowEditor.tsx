import { useId, useState } from 'react';
import { MAX_STEPS, type ApprovalFlow, type ApprovalStep } from '../../shared/review/model.js';

/** A step as the form holds it: the approvers as typed, one line of names. */
interface StepDraft {
  name: string;
  approvers: string;
  rule: ApprovalStep['rule'];
}

const toDraft = (flow: ApprovalFlow): StepDraft[] =>
  flow.map((s) => ({ name: s.name, approvers: s.approvers.join(', '), rule: s.rule }));

const names = (typed: string) =>
  [...new Set(typed.split(/[,;\n]/).map((n) => n.trim()))].filter((n) => n !== '');

/**
 * A brand's approval steps, in order: each with its name, the people who approve it, and whether
 * one of them is enough or all must approve. Saved as a whole with "Save steps" (main checks it).
 */
export function ApprovalFlowEditor({
  flow,
  saving,
  onSave,
}: {
  flow: ApprovalFlow;
  saving: boolean;
  onSave: (flow: ApprovalFlow) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<StepDraft[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const steps = draft ?? toDraft(flow);
  const change = (next: StepDraft[]) => {
    setProblem(null);
    setDraft(next);
  };
  const edit = (i: number, patch: Partial<StepDraft>) =>
    change(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    const [taken] = next.splice(i, 1);
    if (taken) next.splice(i + by, 0, taken);
    change(next);
  };
  const save = () => {
    const blank = steps.findIndex((s) => s.name.trim() === '');
    if (blank >= 0) {
      setProblem(`Give step ${blank + 1} a name, such as “Client”.`);
      return;
    }
    onSave(steps.map((s) => ({ name: s.name.trim(), approvers: names(s.approvers), rule: s.rule })));
    setDraft(null);
  };
  return (
    <fieldset className="approval-flow" aria-describedby={`${id}-help`}>
      <legend>Approval steps</legend>
      <p id={`${id}-help`} className="approval-flow__help">
        A post is sent only once every step has approved it, in this order. Leave the approvers empty to take
        anyone’s approval.
      </p>
      <ol className="approval-flow__steps">
        {steps.map((step, i) => (
          <li key={i} className="approval-flow__step">
            <label>
              Step {i + 1} name
              <input value={step.name} maxLength={60} onChange={(e) => edit(i, { name: e.target.value })} />
            </label>
            <label>
              Approvers of step {i + 1} (names, separated by commas)
              <input
                value={step.approvers}
                placeholder="Anyone"
                onChange={(e) => edit(i, { approvers: e.target.value })}
              />
            </label>
            <label>
              Who must approve step {i + 1}
              <select
                value={step.rule}
                onChange={(e) => edit(i, { rule: e.target.value === 'all' ? 'all' : 'any' })}
              >
                <option value="any">Any one of them</option>
                <option value="all">All of them</option>
              </select>
            </label>
            <span className="approval-flow__buttons">
              <button
                type="button"
                className="button button-small"
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                Move step {i + 1} up
              </button>
              <button
                type="button"
                className="button button-small"
                disabled={steps.length === 1}
                onClick={() => change(steps.filter((_, j) => j !== i))}
              >
                Remove step {i + 1}
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="approval-flow__actions">
        <button
          type="button"
          className="button button-small"
          disabled={steps.length >= MAX_STEPS}
          onClick={() => change([...steps, { name: '', approvers: '', rule: 'any' }])}
        >
          Add a step
        </button>
        <button
          type="button"
          className="button button-small button-primary"
          disabled={draft === null || saving}
          onClick={save}
        >
          Save steps
        </button>
        {draft !== null && (
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setProblem(null);
              setDraft(null);
            }}
          >
            Cancel changes
          </button>
        )}
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
