import { useId, useMemo, useState } from 'react';
import { useCombobox } from 'downshift';
import { searchTimeZones, supportedTimeZones } from './time-zones.js';
import './time-zone-picker.css';

/** The "System (…)" choice: the brand keeps no zone of its own and follows the computer's. */
const SYSTEM = '';
const LIMIT = 60;

interface TimeZonePickerProps {
  /** The accessible name, e.g. "Brand time zone" or "Time zone of Harbor Coffee". */
  label: string;
  /** A visible label; without it the name is given to the input alone. */
  visibleLabel?: string;
  /** The brand's zone, or null when it follows the system's. */
  value: string | null;
  disabled?: boolean;
  /** Called with the zone picked, or null for the system's; the picker shows the value it is given. */
  onPick(zone: string | null): void;
  className?: string;
}

/**
 * The one way to pick a brand's time zone, on the Account page and in the calendar's toolbar: type
 * any part of a zone ("new york", "tokyo", "Europe/") and pick from the matches, or "System (…)".
 * A combobox by downshift (the listbox, keyboard and ARIA wiring), so both places search the same
 * list the same way and the keyboard works as in any native picker: arrows, Enter, Escape.
 * Text that names no zone is refused with a sentence, never saved.
 */
export function TimeZonePicker({
  label,
  visibleLabel,
  value,
  disabled,
  onPick,
  className,
}: TimeZonePickerProps) {
  const zones = useMemo(() => {
    const all = supportedTimeZones();
    // A zone saved by an older runtime that this one no longer lists stays pickable.
    return value && !all.includes(value) ? [value, ...all] : all;
  }, [value]);
  const system = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const systemLabel = `System (${system})`;
  const shown = value ?? '';
  const [inputValue, setInputValue] = useState(shown);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const query = editing ? inputValue : '';
  const items = useMemo(() => {
    const matches = searchTimeZones(zones, query, LIMIT);
    const systemMatches = !query.trim() || systemLabel.toLowerCase().includes(query.trim().toLowerCase());
    return systemMatches ? [SYSTEM, ...matches] : matches;
  }, [zones, query, systemLabel]);

  function pick(zone: string) {
    setError(null);
    setEditing(false);
    setInputValue(zone);
    if (zone !== shown) onPick(zone === SYSTEM ? null : zone);
  }

  /** Enter on typed text with nothing highlighted: a zone named exactly, or a sentence saying what to do. */
  function commitTyped(text: string) {
    const typed = text.trim();
    if (!typed) return pick(SYSTEM);
    const exact = zones.find((z) => z.toLowerCase() === typed.toLowerCase());
    if (exact) return pick(exact);
    setError(
      `"${typed}" is not a time zone Postdeck knows. Pick one from the list, for example Europe/Paris.`,
    );
  }

  const combobox = useCombobox<string>({
    items,
    inputValue: editing ? inputValue : shown,
    selectedItem: shown,
    itemToString: (z) => (z === SYSTEM ? '' : (z ?? '')),
    defaultHighlightedIndex: -1,
    onInputValueChange: ({ inputValue: typed, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) {
        setEditing(true);
        setError(null);
        setInputValue(typed ?? '');
      }
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem !== null && selectedItem !== undefined) pick(selectedItem);
    },
    onIsOpenChange: ({ isOpen, type }) => {
      // Leaving the field without picking puts back the zone in use.
      if (!isOpen && type === useCombobox.stateChangeTypes.InputBlur) {
        setEditing(false);
        setInputValue(shown);
      }
    },
    stateReducer: (state, { type, changes }) => {
      // Escape and leaving the field never clear or pick a zone: they only put back the one in use.
      if (
        type === useCombobox.stateChangeTypes.InputKeyDownEscape ||
        type === useCombobox.stateChangeTypes.InputBlur
      ) {
        return { ...changes, selectedItem: state.selectedItem };
      }
      return changes;
    },
  });
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, getLabelProps } = combobox;
  const errorId = `${useId()}-error`;

  return (
    <div className={`tz-picker ${className ?? ''}`}>
      {visibleLabel ? <label {...getLabelProps()}>{visibleLabel}</label> : null}
      <input
        {...getInputProps({
          'aria-label': label,
          disabled,
          placeholder: systemLabel,
          spellCheck: false,
          title: value ?? systemLabel,
          onKeyDown: (e) => {
            if (e.key === 'Escape') {
              setEditing(false);
              setError(null);
            }
            if (e.key === 'Enter' && (!isOpen || highlightedIndex < 0)) {
              e.preventDefault();
              commitTyped(e.currentTarget.value);
            }
          },
        })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <ul
        {...getMenuProps({ 'aria-label': `${label}: matches` })}
        className="tz-picker__list"
        hidden={!isOpen}
      >
        {isOpen &&
          items.map((zone, index) => (
            <li
              key={zone || 'system'}
              {...getItemProps({ item: zone, index })}
              className="tz-picker__option"
              data-highlighted={highlightedIndex === index ? '' : undefined}
              data-selected={zone === shown ? '' : undefined}
            >
              {zone === SYSTEM ? systemLabel : zone}
            </li>
          ))}
      </ul>
      {isOpen && items.length === 0 ? (
        <p className="tz-picker__none" role="status">
          No time zone matches “{inputValue.trim()}”
        </p>
      ) : null}
      {error ? (
        <p className="field-error tz-picker__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
