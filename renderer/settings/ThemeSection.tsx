import { THEME_CHOICES, useTheme, type ThemeChoice } from './theme.js';
import './preferences.css';

const LABELS: Record<ThemeChoice, string> = { system: 'Same as the system', light: 'Light', dark: 'Dark' };

/** Light, dark, or whatever the system uses; remembered on this computer. */
export function ThemeSection() {
  const choice = useTheme((s) => s.choice);
  const choose = useTheme((s) => s.choose);
  return (
    <section className="card" aria-labelledby="theme-title">
      <h2 id="theme-title">Appearance</h2>
      <fieldset className="choice-group">
        <legend>Theme</legend>
        {THEME_CHOICES.map((c) => (
          <label key={c} className="choice">
            <input type="radio" name="theme" value={c} checked={choice === c} onChange={() => choose(c)} />
            {LABELS[c]}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
