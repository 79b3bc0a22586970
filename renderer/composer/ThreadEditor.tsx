import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import type { DraftBlock, DraftMedia } from '../../shared/drafts/ipc.js';
import type { PlatformType } from '../../shared/platforms/types.js';
import { blockCounts } from './checks.js';
import { MAX_COMMENT_DELAY_MINUTES, type MediaObject } from '../../shared/api/resources.js';
import { MediaTray } from './MediaTray.js';
import { carriesMedia, readDraggedMedia } from '../media-library/media-drag.js';
import { useSnippetAssist } from '../snippets/SnippetAssist.js';
import type { UploadView } from './use-uploads.js';

/** What the thread editor needs from the composer, for the blocks of the scope on show. */
export interface ThreadEditorProps {
  blocks: readonly DraftBlock[];
  delays: readonly number[];
  platforms: readonly PlatformType[];
  uploads: Record<string, UploadView>;
  previews: ReadonlyMap<string, string>;
  textIssues(block: number): string[];
  mediaIssues(block: number): string[];
  mediaNotice(block: number): string | null;
  onText(block: number, text: string): void;
  onDelay(block: number, minutes: number): void;
  onAdd(): void;
  onRemove(block: number): void;
  onMove(from: number, to: number): void;
  onFiles(block: number, files: File[]): void;
  onUrl(block: number, url: string): Promise<string | null>;
  onReuse(block: number, media: MediaObject): void;
  onRemoveMedia(block: number, index: number): void;
  onCancelUpload(localPath: string): void;
  /** The thread's shape is shared; only the shared view may change it. */
  canReshape: boolean;
  /** The text a block's counter counts on a platform (signed, as sent); the typed text when absent. */
  countedText?(block: number, platform: PlatformType, typed: string): string;
}

export const blockLabel = (i: number) => `Block ${i + 1}`;

/** The thread: one card per block with its text, counters, media and delay; add, remove, reorder. */
export function ThreadEditor(p: ThreadEditorProps) {
  const areas = useRef<(HTMLTextAreaElement | null)[]>([]);
  // After a move or an add, the moved or new block's text keeps (or takes) the keyboard focus.
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    if (pendingFocus.current === null) return;
    areas.current[pendingFocus.current]?.focus();
    pendingFocus.current = null;
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= p.blocks.length) return;
    p.onMove(from, to);
    pendingFocus.current = to;
  };

  return (
    <div className="composer-thread">
      {p.blocks.map((b, i) => (
        <BlockCard
          key={i}
          index={i}
          block={b}
          total={p.blocks.length}
          delay={p.delays[i - 1] ?? 0}
          areaRef={(el) => {
            areas.current[i] = el;
          }}
          onKeyDown={(e) => {
            if (!p.canReshape || !e.altKey) return;
            if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              e.preventDefault();
              move(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
            }
          }}
          move={move}
          {...p}
        />
      ))}
      {p.canReshape ? (
        <button
          type="button"
          className="button composer-add-block"
          onClick={() => {
            p.onAdd();
            pendingFocus.current = p.blocks.length;
          }}
        >
          Add a block to the thread
        </button>
      ) : null}
    </div>
  );
}

function BlockCard({
  index: i,
  block: b,
  total,
  delay,
  areaRef,
  onKeyDown,
  move,
  ...p
}: ThreadEditorProps & {
  index: number;
  block: DraftBlock;
  total: number;
  delay: number;
  areaRef(el: HTMLTextAreaElement | null): void;
  onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): void;
  move(from: number, to: number): void;
}) {
  const label = blockLabel(i);
  const [dragging, setDragging] = useState(false);
  const counts = p.countedText
    ? [...new Set(p.platforms)].flatMap((pl) =>
        blockCounts(p.countedText?.(i, pl, b.content) ?? b.content, [pl]),
      )
    : blockCounts(b.content, p.platforms);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const assist = useSnippetAssist({ area, text: b.content, onText: (text) => p.onText(i, text), label });
  const textIssues = p.textIssues(i);
  const textErrorId = `block-${i}-text-error`;
  const countId = `block-${i}-count`;

  const files = (list: FileList | null | undefined) => [...(list ?? [])];
  const onDrop = (e: DragEvent) => {
    // A tile of the media library: reused as it is, nothing uploaded.
    const libraryMedia = readDraggedMedia(e.dataTransfer);
    if (libraryMedia) {
      e.preventDefault();
      setDragging(false);
      return p.onReuse(i, libraryMedia);
    }
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragging(false);
    p.onFiles(i, files(e.dataTransfer.files));
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = files(e.clipboardData.files);
    if (pasted.length === 0) return;
    e.preventDefault();
    p.onFiles(i, pasted);
  };

  return (
    <section
      className={`composer-block card${dragging ? ' composer-block-drop' : ''}`}
      aria-label={label}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files') && !carriesMedia(e.dataTransfer)) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <header className="composer-block-header">
        <h4>{label}</h4>
        {p.canReshape && total > 1 ? (
          <div className="composer-block-tools">
            <button
              type="button"
              className="button button-small button-quiet"
              disabled={i === 0}
              aria-label={`Move ${label} up`}
              onClick={() => move(i, i - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="button button-small button-quiet"
              disabled={i === total - 1}
              aria-label={`Move ${label} down`}
              onClick={() => move(i, i + 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="button button-small button-quiet"
              aria-label={`Remove ${label}`}
              onClick={() => p.onRemove(i)}
            >
              Remove
            </button>
          </div>
        ) : null}
      </header>
      {i > 0 ? (
        <div className="composer-delay">
          <label htmlFor={`block-${i}-delay`}>Minutes after the block before</label>
          <input
            id={`block-${i}-delay`}
            type="number"
            min={0}
            max={MAX_COMMENT_DELAY_MINUTES}
            step={1}
            value={delay}
            aria-describedby={`block-${i}-delay-hint`}
            onChange={(e) => p.onDelay(i, e.target.valueAsNumber)}
          />
          <span id={`block-${i}-delay-hint`} className="muted">
            0 to {MAX_COMMENT_DELAY_MINUTES}
          </span>
        </div>
      ) : null}
      <textarea
        ref={(el) => {
          area.current = el;
          areaRef(el);
        }}
        className="composer-text"
        aria-label={`Text of ${label}`}
        aria-keyshortcuts={p.canReshape && total > 1 ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
        aria-invalid={textIssues.length > 0 || undefined}
        aria-describedby={[countId, textIssues.length > 0 ? textErrorId : null].filter(Boolean).join(' ')}
        rows={i === 0 ? 6 : 3}
        placeholder={i === 0 ? 'What do you want to share?' : 'Continue the thread…'}
        value={b.content}
        onChange={(e) => p.onText(i, e.target.value)}
        {...assist.areaProps}
        onKeyDown={(e) => {
          if (!assist.onKeyDown(e)) onKeyDown(e);
        }}
        onPaste={onPaste}
      />
      {assist.popup}
      <p id={countId} className="composer-counters">
        {counts.length === 0 ? (
          <span className="composer-counter">{b.content.length} characters</span>
        ) : (
          counts.map((c) => (
            <span
              key={c.platform}
              className={`composer-counter${c.over ? ' composer-counter-over' : ''}`}
              data-testid={`counter-${i}-${c.platform}`}
            >
              {c.count === null
                ? `${c.label} too long to count (limit ${c.limit})`
                : `${c.label} ${c.count}/${c.limit}${c.over ? ` (${c.count - c.limit} over)` : ''}`}
            </span>
          ))
        )}
      </p>
      {assist.menu}
      {textIssues.length > 0 ? (
        <ul id={textErrorId} className="composer-issues">
          {textIssues.map((m) => (
            <li key={m} className="field-error">
              {m}
            </li>
          ))}
        </ul>
      ) : null}
      <MediaTray
        label={label}
        media={b.media as DraftMedia[]}
        uploads={p.uploads}
        previews={p.previews}
        issues={p.mediaIssues(i)}
        notice={p.mediaNotice(i)}
        onFiles={(f) => p.onFiles(i, f)}
        onUrl={(u) => p.onUrl(i, u)}
        onReuse={(m) => p.onReuse(i, m)}
        onRemove={(at) => p.onRemoveMedia(i, at)}
        onCancel={p.onCancelUpload}
      />
    </section>
  );
}
