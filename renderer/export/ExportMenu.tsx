import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ExportResult, ExportScope } from '../../shared/export/ipc.js';
import './export.css';
import { useExport, useShowExportedFile, type ExportChoice } from './queries.js';

/*
 * "Export…": a menu of formats for some posts (the calendar's posts in view,
 * a selection, search results: whoever mounts it passes their ids or a range). Main shows the save
 * dialog and writes the file; this says where it went, or what went wrong.
 */

const FORMATS: { format: ExportChoice; label: string; hint: string }[] = [
  { format: 'ics', label: 'Calendar file (.ics)', hint: 'Opens in Google Calendar, Outlook, Apple Calendar' },
  { format: 'csv', label: 'Spreadsheet (CSV)', hint: 'Edit in a spreadsheet, import back with Import' },
  { format: 'json', label: 'JSON', hint: 'For scripts; imports back with Import' },
  {
    format: 'pack-html',
    label: 'Review pack for the client',
    hint: 'One web page that works offline; the client approves and sends back a reply',
  },
  { format: 'pack-pdf', label: 'Review pack as PDF', hint: 'The same pack, for clients who print' },
];

function packMessage(result: { path: string | null; posts: number; skipped: number }): string {
  const name = result.path?.split(/[\\/]/).pop() ?? '';
  const posts = `${result.posts} ${result.posts === 1 ? 'post' : 'posts'}`;
  const left = result.skipped > 0 ? ` (${result.skipped} that cannot be reviewed left out)` : '';
  return `Saved a review pack of ${posts}${left} as ${name}. They are now in review.`;
}

export interface ExportMenuProps {
  /** The posts to export by id (posts in view, a selection, search results)… */
  postIds?: readonly string[];
  /** …or every post of the active brand in a range. */
  range?: { start: string; end: string };
  /** What the posts are, for the button's name: "posts in view", "3 selected posts". */
  what?: string;
}

function scopeOf({ postIds, range }: ExportMenuProps): ExportScope | null {
  if (postIds && postIds.length > 0) return { kind: 'posts', postIds: [...postIds] };
  if (range) return { kind: 'range', start: range.start, end: range.end };
  return null;
}

function savedMessage(result: ExportResult): string {
  const name = result.path?.split(/[\\/]/).pop() ?? '';
  // Where it is, not only what it is called: the folder the save dialog put it in.
  const folder = result.path
    ? result.path.slice(0, result.path.length - name.length).replace(/[\\/]$/, '')
    : '';
  const rows = `${result.count} ${result.count === 1 ? 'post' : 'posts'}`;
  const notes = [
    result.partial > 0 ? `${result.partial} with their first block only (offline)` : '',
    result.skipped > 0 ? `${result.skipped} not yet sent left out` : '',
  ].filter(Boolean);
  return `Saved ${rows} to ${name}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}, in the folder ${folder}.`;
}

export function ExportMenu(props: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const scope = scopeOf(props);
  const what = props.what ?? 'posts in view';
  const run = useExport(scope);

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };
  const pick = (format: ExportChoice) => {
    close();
    run.mutate(format);
  };

  return (
    <div className="export-menu">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Export ${what}`}
        disabled={!scope || run.isPending}
        title={scope ? `Export the ${what} as a file` : 'There are no posts to export here'}
        onClick={() => setOpen((o) => !o)}
      >
        {run.isPending ? 'Exporting…' : 'Export…'}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          className="export-menu__list"
          role="menu"
          aria-label={`Export ${what} as`}
          onKeyDown={onMenuKey}
          onBlur={(e) => {
            if (
              !e.currentTarget.contains(e.relatedTarget as Node | null) &&
              e.relatedTarget !== button.current
            )
              setOpen(false);
          }}
        >
          {FORMATS.map((f) => (
            <button key={f.format} type="button" role="menuitem" onClick={() => pick(f.format)}>
              <span>{f.label}</span>
              <small>{f.hint}</small>
            </button>
          ))}
        </div>
      )}
      {run.isSuccess && run.data.path && 'pack' in run.data && (
        <p className="export-menu__note" role="status" title={run.data.path}>
          {packMessage(run.data)}
        </p>
      )}
      {run.isSuccess && run.data.path && !('pack' in run.data) && (
        <>
          <p className="export-menu__note" role="status" title={run.data.path}>
            {savedMessage(run.data)}
          </p>
          {run.data.fileToken ? <ShowInFolder fileToken={run.data.fileToken} /> : null}
        </>
      )}
      {run.isError && (
        <p className="export-menu__note export-menu__note--error" role="alert">
          Export failed: {run.error.message}
        </p>
      )}
    </div>
  );
}

/** Asks main to show the file it just wrote; main takes the export's token, never a path from here. */
function ShowInFolder({ fileToken }: { fileToken: string }) {
  const show = useShowExportedFile(fileToken);
  return (
    <>
      <button type="button" className="export-menu__show" onClick={() => show.mutate()}>
        Show in folder
      </button>
      {show.isError ? (
        <p className="export-menu__note export-menu__note--error" role="alert">
          {show.error.message}
        </p>
      ) : show.data && !show.data.shown ? (
        <p className="export-menu__note" role="status">
          This system has no file manager to show it in; the folder is named above.
        </p>
      ) : null}
    </>
  );
}
