import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ValidationIssue } from '../../shared/api/errors.js';
import type { DraftMedia, IntegrationView, MediaObject } from '../../shared/ipc/models.js';
import type { PlatformType } from '../../shared/platforms/types.js';
import { platformRules } from '../../shared/platforms/rules.js';
import { mediaKindFromPath } from '../../shared/platforms/validate.js';
import { AppError, call } from '../lib/ipc.js';
import { useIpcQuery } from '../lib/use-ipc.js';
import { ErrorState, Loading, errorMessage } from '../app/feedback.js';
import { useUi, type ComposerRequest } from '../app/ui-store.js';
import { useBrandZone } from '../calendar/queries.js';
import { AccountPicker } from './AccountPicker.js';
import { blocksFor, draftIssues, kindOfFile, placeOf } from './checks.js';
import { signedDraft } from '../../shared/snippets/signature.js';
import { countedText, useSignatureMap } from '../snippets/snippet-hooks.js';
import { SignatureToggle } from '../snippets/SignatureToggle.js';
import * as model from './draft-model.js';
import { DraftsPanel } from './DraftsPanel.js';
import { loadDraft, type ComposerMode } from './load-draft.js';
import { useComposerNotice } from './notice-store.js';
import { rememberOpenDraft } from './open-draft.js';
import { Preview } from './Preview.js';
import { SendBar, type QueuePreview, type SendKind } from './SendBar.js';
import { useNextFreeSlots } from '../queue/queue-hooks.js';
import { SettingsForms } from './SettingsForms.js';
import { ThreadEditor } from './ThreadEditor.js';
import { useAutosave } from './use-autosave.js';
import { useUploads } from './use-uploads.js';

const TITLES: Record<ComposerMode, string> = {
  new: 'New post',
  draft: 'Draft',
  edit: 'Edit post',
  duplicate: 'Copy of a post',
};

/** The composer dialog: loads what it was opened on, then the editor. */
export function Composer({ request }: { request: ComposerRequest }) {
  const close = useUi((s) => s.closeComposer);
  const { brand, zone, loading } = useBrandZone();
  const initial = useQuery({
    queryKey: ['composer-open', request, brand?.id ?? null],
    queryFn: () => loadDraft(request, brand?.id ?? null),
    enabled: !loading,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  if (initial.isSuccess) {
    return (
      <ComposerEditor
        key={initial.data.draft.id}
        initial={initial.data.draft}
        mode={initial.data.mode}
        zone={zone}
      />
    );
  }
  return (
    <div className="composer-backdrop">
      <section className="composer composer-small" role="dialog" aria-modal="true" aria-label="Composer">
        {initial.isError ? (
          <ErrorState
            title="This post could not be opened"
            error={initial.error}
            onRetry={() => void initial.refetch()}
          />
        ) : (
          <Loading label="Opening the composer…" />
        )}
        <button
          type="button"
          className="button"
          onClick={() => {
            rememberOpenDraft(null);
            close();
          }}
        >
          Close
        </button>
      </section>
    </div>
  );
}

type Account = IntegrationView & { platform: PlatformType };

function ComposerEditor({
  initial,
  mode,
  zone,
}: {
  initial: model.WorkingDraft;
  mode: ComposerMode;
  zone: string;
}) {
  const client = useQueryClient();
  const closeComposer = useUi((s) => s.closeComposer);
  const notify = useComposerNotice((s) => s.show);
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(mode === 'edit' || mode === 'duplicate');
  const [scope, setScope] = useState<model.Scope>(null);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>([]);
  const [sendError, setSendError] = useState<string | null>(null);
  const [busy, setBusy] = useState<SendKind | null>(null);
  const [showDrafts, setShowDrafts] = useState(false);
  const [notices, setNotices] = useState<Record<number, string>>({});
  // Local pictures shown before their upload ends (object URLs of the files the user gave).
  const [previews, setPreviews] = useState<ReadonlyMap<string, string>>(new Map());
  const previewUrls = useRef(previews);
  const dialog = useRef<HTMLElement>(null);
  // No autosave while a send is under way: main removes the draft once the service has it.
  const autosave = useAutosave(draft, touched && busy === null);
  const accounts = useIpcQuery('listIntegrations', {});

  const edit = useCallback((f: (d: model.WorkingDraft) => model.WorkingDraft) => {
    setDraft(f);
    setTouched(true);
    setServerIssues([]);
    setSendError(null);
  }, []);

  const uploads = useUploads({
    onDone: (localPath, media) =>
      setDraft((d) =>
        model.updateLocalMedia(d, localPath, (m) => ({
          ...m,
          mediaId: media.id,
          path: media.path,
          thumbnail: media.thumbnail,
        })),
      ),
    onGone: (localPath) => setDraft((d) => model.updateLocalMedia(d, localPath, () => null)),
  });

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('textarea')?.focus();
    return () => previewUrls.current.forEach((u) => URL.revokeObjectURL(u));
  }, []);
  useEffect(() => {
    previewUrls.current = previews;
  }, [previews]);

  const accountName = useCallback(
    (id: string) => accounts.data?.find((a) => a.id === id)?.name || id,
    [accounts.data],
  );

  // Where "Add to queue" would put the post, for every chosen account, before anything is sent.
  const nextSlots = useNextFreeSlots(draft.targets.map((t) => t.integrationId));
  const queuePreview: QueuePreview | null =
    draft.targets.length === 0
      ? null
      : {
          loading: nextSlots.isPending,
          problem: nextSlots.isError ? errorMessage(nextSlots.error) : null,
          lines: (nextSlots.data?.accounts ?? []).map(
            (a) => `${accountName(a.integrationId)} on ${a.dates[0] ? slotTime(a.dates[0], zone) : 'no free slot'}`,
          ),
        };

  // Live problems from the shared rules, and what the service answered to the last send.
  // Each account's signature as it will be sent: shown, counted and checked (renderer/snippets).
  const signatures = useSignatureMap();
  const signed = useMemo(() => signedDraft(draft, signatures), [draft, signatures]);
  const localIssues = useMemo(() => draftIssues(signed), [signed]);
  const issues = serverIssues.length > 0 ? serverIssues : localIssues;
  const targetsInScope = draft.targets
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => (scope === null ? t.blocks === null : t.integrationId === scope));
  const scopedIssues = (kind: 'text' | 'media', block: number) =>
    issues.flatMap((issue) => {
      const place = placeOf(issue);
      if (place.kind !== kind || place.block !== block) return [];
      const hit = targetsInScope.find(({ i }) => i === issue.target);
      if (!hit) return [];
      return [
        targetsInScope.length > 1 ? `${accountName(hit.t.integrationId)}: ${issue.message}` : issue.message,
      ];
    });
  // Issues of an account as a whole go on its card; those of the whole post beside the editor.
  const wholeAccount = (issue: ValidationIssue) => {
    const place = placeOf(issue);
    return (
      place.kind === 'thread' ||
      place.kind === 'post' ||
      (place.kind === 'settings' && place.field === '__type')
    );
  };
  const accountIssues = (target: number) =>
    issues.filter((i) => i.target === target && wholeAccount(i)).map((i) => i.message);
  const otherIssues = issues.filter((i) => i.target === null || i.target >= draft.targets.length);

  const blocks = model.blocksOf(draft, scope);
  const platforms = targetsInScope.map(({ t }) => t.platform);

  const close = async () => {
    autosave.stop();
    if (touched) {
      // What was typed is kept; an untouched blank draft is not worth a row in the list.
      await call('saveDraft', draft).catch(() => undefined);
      if (model.isBlank(draft)) await call('deleteDraft', { id: draft.id }).catch(() => undefined);
    }
    rememberOpenDraft(null);
    void client.invalidateQueries({ queryKey: ['listDrafts'] });
    closeComposer();
  };

  const addFiles = (block: number, files: File[]) => {
    const unreadable: string[] = [];
    for (const file of files) {
      const localPath = window.api.pathForFile(file);
      if (!localPath) {
        unreadable.push(file.name || 'pasted image');
        continue;
      }
      if (!previews.has(localPath) && file.type.startsWith('image/')) {
        const url = URL.createObjectURL(file);
        setPreviews((p) => new Map(p).set(localPath, url));
      }
      const media: DraftMedia = {
        localPath,
        mediaId: null,
        path: null,
        thumbnail: null,
        name: file.name,
        kind: kindOfFile(file.type, file.name),
      };
      edit((d) => model.addMedia(d, scope, block, media));
      void uploads.start(media).then((problem) => {
        if (!problem) return;
        setDraft((d) => model.updateLocalMedia(d, localPath, () => null));
        setNotices((n) => ({ ...n, [block]: problem }));
      });
    }
    setNotices((n) => {
      const { [block]: _, ...rest } = n;
      return unreadable.length > 0
        ? {
            ...rest,
            [block]: `${unreadable.join(', ')} has no file on this computer to upload; save it as a file, then add it with "Add files".`,
          }
        : rest;
    });
  };

  const addUrl = async (block: number, url: string): Promise<string | null> => {
    if (!/^https?:\/\/\S+$/i.test(url)) return 'Enter a full http(s) link to an image or a video.';
    try {
      const m = await call('uploadMediaFromUrl', { url });
      edit((d) => model.addMedia(d, scope, block, fromLibrary(m)));
      void client.invalidateQueries({ queryKey: ['listMedia'] });
      return null;
    } catch (e) {
      return errorMessage(e);
    }
  };

  const send = async (kind: SendKind, date: string | null) => {
    setSendError(null);
    setServerIssues([]);
    if (draft.targets.length === 0) {
      setSendError('Choose at least one account to post to.');
      return;
    }
    if (localIssues.length > 0) {
      setSendError(
        `Fix the ${localIssues.length === 1 ? 'problem' : `${localIssues.length} problems`} marked in red first.`,
      );
      return;
    }
    setBusy(kind);
    const sending = { ...draft, date: kind === 'schedule' ? date : draft.date };
    try {
      setDraft(sending);
      await call('saveDraft', sending);
      if (kind === 'queue') {
        const queued = await call('queueDraft', { draftId: draft.id });
        finish(queuedMessage(queued.posts.map((p) => ({ name: accountName(p.integrationId), date: p.date })), zone));
        return;
      }
      const input = {
        draftId: draft.id,
        type: kind === 'server-draft' ? ('draft' as const) : kind,
        ...(kind === 'schedule' && date ? { date } : {}),
        ...(kind === 'now' ? { date: new Date().toISOString() } : {}),
      };
      const status = await call('getSyncStatus', {}).catch(() => null);
      let message: string;
      if (status && !status.online) {
        await call('sendDraft', input);
        message = 'You are offline: the post waits in the outbox and goes out when the connection returns.';
      } else {
        const created = await call('createPostsNow', input);
        message = sentMessage(kind, created.length, draft.replacesGroup !== null);
      }
      finish(message);
    } catch (e) {
      if (e instanceof AppError && e.code === 'OFFLINE') {
        finish(e.message);
        return;
      }
      if (e instanceof AppError && e.shape.issues && e.shape.issues.length > 0)
        setServerIssues(e.shape.issues);
      setSendError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const finish = (message: string) => {
    autosave.stop();
    rememberOpenDraft(null);
    for (const name of ['listPosts', 'listDrafts', 'listOutbox', 'getSyncStatus']) {
      void client.invalidateQueries({ queryKey: [name] });
    }
    notify(message);
    closeComposer();
  };

  const toggleAccount = (a: Account, on: boolean) => {
    edit((d) => (on ? model.addTarget(d, a) : model.removeTarget(d, a.id)));
    if (!on && scope === a.id) setScope(null);
  };

  const settingsIssues = (target: number, field: string) =>
    issues.filter((i) => {
      const place = placeOf(i);
      return i.target === target && place.kind === 'settings' && place.field === field;
    });

  const scopeTarget = scope === null ? null : draft.targets.find((t) => t.integrationId === scope);

  return (
    <div className="composer-backdrop">
      <section
        ref={dialog}
        className="composer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="composer-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !e.defaultPrevented) {
            e.preventDefault();
            void close();
          }
          if (e.key === 'Tab' && dialog.current) keepFocusInside(dialog.current, e);
        }}
      >
        <header className="composer-header">
          <h2 id="composer-title">{TITLES[mode]}</h2>
          <SaveStatus state={autosave.state} touched={touched} />
          <div className="composer-header-tools">
            <button
              type="button"
              className="button button-small button-quiet"
              aria-expanded={showDrafts}
              onClick={() => setShowDrafts((s) => !s)}
            >
              Local drafts
            </button>
            <button type="button" className="button button-small" onClick={() => void close()}>
              Close
            </button>
          </div>
        </header>
        {showDrafts ? (
          <DraftsPanel
            currentId={draft.id}
            accountName={accountName}
            onOpen={async (id) => {
              await autosave.flush();
              useUi.getState().openComposer({ draftId: id });
            }}
          />
        ) : null}
        <div className="composer-body">
          <AccountPicker selected={draft.targets.map((t) => t.integrationId)} onToggle={toggleAccount} />
          <div className="composer-editor">
            {draft.replacesGroup ? (
              <p className="composer-edit-note">
                Saving this creates the new version, then removes the old one: the calendar shows one post.
              </p>
            ) : null}
            {draft.targets.length > 0 ? (
              <div className="composer-scopes" role="group" aria-label="Text for">
                <button
                  type="button"
                  className="composer-scope"
                  aria-pressed={scope === null}
                  onClick={() => setScope(null)}
                >
                  All accounts
                </button>
                {draft.targets.map((t) => (
                  <button
                    key={t.integrationId}
                    type="button"
                    className="composer-scope"
                    data-platform={t.platform}
                    aria-pressed={scope === t.integrationId}
                    onClick={() => setScope(t.integrationId)}
                  >
                    <span className="platform-dot" aria-hidden="true" />
                    {accountName(t.integrationId)}
                    <span className="composer-scope-platform">{platformRules[t.platform].label}</span>
                    {t.blocks ? <span className="visually-hidden"> (own text)</span> : null}
                    {t.blocks ? <span aria-hidden="true"> ✎</span> : null}
                  </button>
                ))}
              </div>
            ) : null}
            {scopeTarget ? (
              <div className="composer-override">
                {scopeTarget.blocks ? (
                  <>
                    <span>{accountName(scopeTarget.integrationId)} has its own text.</span>
                    <button
                      type="button"
                      className="button button-small button-quiet"
                      onClick={() => edit((d) => model.clearOverride(d, scopeTarget.integrationId))}
                    >
                      Use the shared text again
                    </button>
                  </>
                ) : (
                  <>
                    <span>{accountName(scopeTarget.integrationId)} uses the shared text.</span>
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => edit((d) => model.startOverride(d, scopeTarget.integrationId))}
                    >
                      Write a text for this account
                    </button>
                  </>
                )}
              </div>
            ) : null}
            {scopeTarget && !scopeTarget.blocks ? null : (
              <ThreadEditor
                blocks={blocks}
                delays={draft.commentDelays}
                platforms={platforms}
                countedText={(b, platform, typed) =>
                  countedText(
                    signed.targets,
                    targetsInScope.map(({ t }) => t.integrationId),
                    b,
                    platform,
                    typed,
                  )
                }
                uploads={uploads.uploads}
                previews={previews}
                textIssues={(b) => scopedIssues('text', b)}
                mediaIssues={(b) => scopedIssues('media', b)}
                mediaNotice={(b) => notices[b] ?? null}
                canReshape={scope === null}
                onText={(b, text) => edit((d) => model.setBlockText(d, scope, b, text))}
                onDelay={(b, minutes) => edit((d) => model.setDelay(d, b, minutes))}
                onAdd={() => edit((d) => model.addBlock(d))}
                onRemove={(b) => edit((d) => model.removeBlock(d, b))}
                onMove={(from, to) => edit((d) => model.moveBlock(d, from, to))}
                onFiles={addFiles}
                onUrl={addUrl}
                onReuse={(b, m) => edit((d) => model.addMedia(d, scope, b, fromLibrary(m)))}
                onRemoveMedia={(b, at) => edit((d) => model.removeMedia(d, scope, b, at))}
                onCancelUpload={(path) => void uploads.cancel(path)}
              />
            )}
            <SettingsForms
              targets={draft.targets}
              accountName={accountName}
              issuesOf={settingsIssues}
              onChange={(id, key, value) => edit((d) => model.setSetting(d, id, key, value))}
            />
            <label className="composer-shortlink">
              <input
                type="checkbox"
                checked={draft.shortLink}
                onChange={(e) => edit((d) => ({ ...d, shortLink: e.target.checked }))}
              />
              Shorten links
            </label>
            <SignatureToggle
              targets={draft.targets}
              signatures={signatures}
              on={draft.signature !== false}
              accountName={accountName}
              onChange={(on) => edit((d) => ({ ...d, signature: on }))}
            />
            {otherIssues.length > 0 ? (
              <ul className="composer-issues" aria-label="Other problems">
                {otherIssues.map((i) => (
                  <li key={`${i.target}-${i.path}-${i.message}`} className="field-error">
                    {i.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <Preview
            targets={draft.targets}
            blocksOf={(t) =>
              blocksFor(signed, signed.targets.find((x) => x.integrationId === t.integrationId) ?? t)
            }
            accountName={accountName}
            previews={previews}
            problems={(i) => issues.filter((x) => x.target === i).length}
            accountIssues={accountIssues}
          />
        </div>
        <SendBar
          key={zone}
          zone={zone}
          date={draft.date}
          busy={busy}
          error={sendError}
          problemCount={localIssues.length}
          isEdit={draft.replacesGroup !== null}
          queue={queuePreview}
          onDate={(date) => edit((d) => ({ ...d, date }))}
          onSend={(kind, date) => void send(kind, date)}
        />
      </section>
    </div>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select, textarea, summary, [tabindex="0"]';

/** A modal dialog keeps Tab and Shift+Tab among its own controls. */
function keepFocusInside(root: HTMLElement, e: KeyboardEvent) {
  const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

function fromLibrary(m: MediaObject): DraftMedia {
  return {
    localPath: null,
    mediaId: m.id,
    path: m.path,
    thumbnail: m.thumbnail,
    name: m.name,
    kind: mediaKindFromPath(m) ?? 'image',
  };
}

/** "Queued: Harbor Coffee on Tue 24 Nov, 09:00; …" in the brand's zone. */
function queuedMessage(posts: { name: string; date: string }[], zone: string): string {
  return `Queued: ${posts.map((p) => `${p.name} on ${slotTime(p.date, zone)}`).join('; ')}.`;
}

function slotTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

function sentMessage(kind: SendKind, count: number, isEdit: boolean): string {
  const accounts = count === 1 ? '1 account' : `${count} accounts`;
  if (isEdit) return `Post updated for ${accounts}; the old version is being removed.`;
  if (kind === 'server-draft') return `Saved as a draft on the service for ${accounts}.`;
  if (kind === 'now') return `Publishing now on ${accounts}.`;
  return `Scheduled for ${accounts}.`;
}

function SaveStatus({
  state,
  touched,
}: {
  state: ReturnType<typeof useAutosave>['state'];
  touched: boolean;
}) {
  let text = '';
  if (state.status === 'saving') text = 'Saving…';
  else if (state.status === 'saved' && state.savedAt)
    text = `Saved on this device at ${state.savedAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
  else if (state.status === 'error') text = `Not saved: ${state.error ?? ''}`;
  else if (!touched) text = 'Drafts save on this device as you type';
  return (
    <p
      className={`composer-save ${state.status === 'error' ? 'field-error' : 'muted'}`}
      role="status"
      data-testid="save-status"
    >
      {text}
    </p>
  );
}
