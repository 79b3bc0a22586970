import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import {
  expandAt,
  insertAt,
  matchSnippets,
  slashQueryAt,
  type Inserted,
} from '../../shared/snippets/expand.js';
import type { Snippet } from '../../shared/snippets/model.js';
import { useSnippets } from './queries.js';
import './snippets.css';

/*
 * Snippets in a text box: typing `/` and a name offers the matching
 * snippets (a listbox: arrows, Enter or Tab to insert, Escape to close), and a menu button inserts
 * one at the caret. The text box keeps its own handlers: it calls `onKeyDown` first and stops when
 * it answers true, and spreads `areaProps`.
 */

interface Options {
  area: RefObject<HTMLTextAreaElement | null>;
  text: string;
  onText(text: string): void;
  /** Names the text box in the menu's label ("Block 1"). */
  label: string;
}

export function useSnippetAssist({ area, text, onText, label }: Options) {
  const snippets = useSnippets().data ?? [];
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const query = caret === null ? null : slashQueryAt(text, caret);
  const matches = query && query.start !== dismissed ? matchSnippets(snippets, query.query) : [];
  const open = matches.length > 0;
  const current = Math.min(active, matches.length - 1);

  const place = (next: Inserted) => {
    onText(next.text);
    setCaret(next.caret);
    // After React has written the new text, the caret goes after the inserted snippet.
    requestAnimationFrame(() => {
      const el = area.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };
  const choose = (snippet: Snippet) => {
    const next = caret === null ? null : expandAt(text, caret, snippet);
    if (next) place(next);
    setActive(0);
  };
  const insert = (snippet: Snippet) =>
    place(insertAt(text, area.current?.selectionStart ?? text.length, snippet));

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + matches.length) % matches.length);
      return true;
    }
    if (e.key === 'Enter' || e.key === 'Tab') {
      const pick = matches[current];
      if (!pick) return false;
      e.preventDefault();
      choose(pick);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setDismissed(query?.start ?? null);
      return true;
    }
    return false;
  };
  const onSelect = (e: SyntheticEvent<HTMLTextAreaElement>) => {
    const el = e.currentTarget;
    setCaret(el.selectionStart);
    // Escape closes the list for that one `/`; once it is gone, a new `/` there offers snippets again.
    if (dismissed !== null && slashQueryAt(el.value, el.selectionStart)?.start !== dismissed)
      setDismissed(null);
    if (e.currentTarget.selectionStart !== caret) setActive(0);
  };

  const optionId = (i: number) => `${listId}-${i}`;
  const popup: ReactNode = open ? (
    <ul id={listId} role="listbox" className="snippet-list" aria-label="Snippets">
      {matches.map((s, i) => (
        <li
          key={s.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === current}
          className="snippet-option"
          // Keeps the focus (and the caret) in the text box.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => choose(s)}
        >
          <strong>/{s.name}</strong>{' '}
          <span className="muted">{s.body.length > 60 ? `${s.body.slice(0, 59)}…` : s.body}</span>
        </li>
      ))}
    </ul>
  ) : null;

  return {
    onKeyDown,
    areaProps: {
      onSelect,
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(current) : undefined,
    },
    popup,
    menu: <SnippetMenu snippets={snippets} label={label} onPick={insert} />,
  };
}

/** "Insert snippet": every snippet of the brand, inserted at the caret. */
function SnippetMenu({
  snippets,
  label,
  onPick,
}: {
  snippets: readonly Snippet[];
  label: string;
  onPick(snippet: Snippet): void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  if (snippets.length === 0) return null;
  return (
    <div className="snippet-menu">
      <button
        type="button"
        className="button button-small button-quiet"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Insert a snippet into ${label}`}
        onClick={() => setOpen(!open)}
      >
        Insert snippet
      </button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          className="snippet-list"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setOpen(false);
            }
          }}
        >
          {snippets.map((s, i) => (
            <li key={s.id} role="none">
              <button
                ref={i === 0 ? first : undefined}
                type="button"
                role="menuitem"
                className="snippet-option"
                onClick={() => {
                  setOpen(false);
                  onPick(s);
                }}
              >
                <strong>/{s.name}</strong>{' '}
                <span className="muted">{s.body.length > 60 ? `${s.body.slice(0, 59)}…` : s.body}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
