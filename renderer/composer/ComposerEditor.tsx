import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { subjectOfDraft } from '../../shared/labels/model.js';
import { PostMeta } from '../labels/PostMeta.js';
import { useLabels } from '../labels/queries.js';
import { DontTrackList } from '../links/DontTrackList.js';
import { useLinkRules } from '../links/queries.js';
import { exampleLink, linksOf, trackedDraft, trackedFor } from '../links/tracked-draft.js';
import { platformRules } from '../../shared/platforms/rules.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import type { PlatformType } from '../../shared/platforms/types.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { useUi } from '../ui/ui-store.js';
import { useNotices } from '../ui/notice-store.js';
import { AccountPicker } from './AccountPicker.js';
import { blocksFor, draftIssues } from './checks.js';
import { signedDraft } from '../../shared/snippets/signature.js';
import { countedText, useSignatureMap } from '../snippets/queries.js';
import { SignatureToggle } from '../snippets/SignatureToggle.js';
import { ComposerClashes } from '../clash/ComposerClashes.js';
import { keepFocusInside } from './dialog-focus.js';
import * as model from './draft-model.js';
import { DraftsPanel } from './DraftsPanel.js';
import { placeIssues } from './issue-placement.js';
import type { ComposerMode } from './load-draft.js';
import { Preview } from './Preview.js';
import { FirstCommentField } from './FirstCommentField.js';
import * as firstComment from './first-comment-model.js';
import { takesFirstComment } from '../../shared/platforms/first-comment.js';
import { SaveStatus } from './SaveStatus.js';
import { SendBar } from './SendBar.js';
import { RepeatDialog } from '../series/RepeatDialog.js';
import { SettingsForms } from './SettingsForms.js';
import { TextScopes } from './TextScopes.js';
import { ThreadEditor } from './ThreadEditor.js';
import { useAutosave } from './use-autosave.js';
import { useComposerExit } from './use-composer-exit.js';
import { useMediaAdding } from './use-media-adding.js';
import { useQueuePreview } from './use-queue-preview.js';
import { useSend } from './use-send.js';
import { CategoryPicker } from '../categories/CategoryPicker.js';
import { useCategories } from '../categories/queries.js';
import { categoryOf } from '../../shared/categories/model.js';

/*
 * The composer dialog once its draft is loaded: it holds the working draft
 * and lays out the parts, each of which lives in its own module: the text and its scopes
 * (TextScopes, ThreadEditor: the textarea of each block is there), media (useMediaAdding), where
 * problems show (issue-placement), sending (useSend), autosave (useAutosave) and the ways out
 * (useComposerExit).
 */

const TITLES: Record<ComposerMode, string> = {
  new: 'New post',
  draft: 'Draft',
  edit: 'Edit post',
  duplicate: 'Copy of a post',
};

type Account = IntegrationView & { platform: PlatformType };
type DraftChange = (d: model.WorkingDraft) => model.WorkingDraft;

export function ComposerEditor({
  initial,
  mode,
  zone,
}: {
  initial: model.WorkingDraft;
  mode: ComposerMode;
  zone: string;
}) {
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(mode === 'edit' || mode === 'duplicate');
  const [scope, setScope] = useState<model.Scope>(null);
  const [showDrafts, setShowDrafts] = useState(false);
  const [repeating, setRepeating] = useState(false);
  const dialog = useRef<HTMLElement>(null);
  const accounts = useIpcQuery('listIntegrations', {});
  const accountName = useCallback(
    (id: string) => accounts.data?.find((a) => a.id === id)?.name || id,
    [accounts.data],
  );

  // Each account's signature as it will be sent: shown, counted and checked (renderer/snippets).
  const signatures = useSignatureMap();
  // …and its links tracked with the brand's rules, as the outbox will send them (renderer/links).
  const linkRules = useLinkRules().data;
  const labelsView = useLabels();
  const subject = subjectOfDraft(draft);
  const draftLabels = useMemo(() => {
    const ids = labelsView.assignments[subject] ?? [];
    return labelsView.labels
      .filter((l) => ids.includes(l.id))
      .map((l) => ({ name: l.name, campaign: l.campaign !== null }));
  }, [labelsView, subject]);
  const signed = useMemo(
    () => trackedDraft(signedDraft(draft, signatures), linkRules, draftLabels),
    [draft, signatures, linkRules, draftLabels],
  );
  const links = useMemo(() => linksOf(draft), [draft]);
  const localIssues = useMemo(() => draftIssues(signed), [signed]);
  const sending = useSend({
    draft,
    replace: setDraft,
    localIssueCount: localIssues.length,
    zone,
    accountName,
    onSent: (message) => exit.leaveAfterSend(message),
  });
  // No autosave while a send is under way: main removes the draft once the service has it.
  const autosave = useAutosave(draft, touched && sending.busy === null);
  const exit = useComposerExit(autosave.stop);

  const { clear: clearSendResult } = sending;
  /** A change the user made: it counts as typing, and the last send's answer no longer applies. */
  const edit = useCallback(
    (f: DraftChange) => {
      setDraft(f);
      setTouched(true);
      clearSendResult();
    },
    [clearSendResult],
  );
  const media = useMediaAdding({ scope, edit, update: setDraft });
  // "Add to queue" takes the slots kept for the draft's category first (renderer/categories).
  const draftCategory = categoryOf(useCategories(), subject);
  const queuePreview = useQueuePreview(
    draft.targets.map((t) => t.integrationId),
    zone,
    accountName,
    draftCategory,
  );

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('textarea')?.focus();
  }, []);

  // Live problems from the shared rules, or what the service answered to the last send.
  const issues = placeIssues(
    sending.serverIssues.length > 0 ? sending.serverIssues : localIssues,
    draft,
    scope,
    accountName,
  );
  const scopeTarget = scope === null ? null : draft.targets.find((t) => t.integrationId === scope);
  const targetsInScope = draft.targets.filter((t) =>
    scope === null ? t.blocks === null : t.integrationId === scope,
  );
  const platforms = targetsInScope.map((t) => t.platform);

  const toggleAccount = (a: Account, on: boolean) => {
    edit((d) => (on ? model.addTarget(d, a) : model.removeTarget(d, a.id)));
    if (!on && scope === a.id) setScope(null);
  };
  const notify = useNotices((s) => s.show);
  const navigate = useUi((s) => s.navigate);
  // Escape or Close never loses what was typed: it is kept as a local draft, and the app says so.
  const close = (then?: () => void) =>
    void exit.close(draft, touched).then(() => {
      if (touched && !model.isBlank(draft))
        notify({
          tone: 'info',
          message: 'Kept as a local draft on this device: it is under Local drafts when you open New post.',
        });
      then?.();
    });

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
            close();
          }
          if (e.key === 'Tab' && dialog.current) keepFocusInside(dialog.current, e);
        }}
      >
        <div className="composer-header">
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
            <button type="button" className="button button-small" onClick={() => close()}>
              Close
            </button>
          </div>
        </div>
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
            <TextScopes
              targets={draft.targets}
              scope={scope}
              accountName={accountName}
              onScope={setScope}
              onOwnText={(id, own) =>
                edit((d) => (own ? model.startOverride(d, id) : model.clearOverride(d, id)))
              }
            />
            {scopeTarget && !scopeTarget.blocks ? null : (
              <ThreadEditor
                blocks={model.blocksOf(draft, scope)}
                delays={draft.commentDelays}
                platforms={platforms}
                countedText={(b, platform, typed) =>
                  countedText(
                    signed.targets,
                    targetsInScope.map((t) => t.integrationId),
                    b,
                    platform,
                    typed,
                  )
                }
                uploads={media.uploads}
                previews={media.previews}
                textIssues={(b) => issues.inBlock('text', b)}
                mediaIssues={(b) => issues.inBlock('media', b)}
                mediaNotice={media.noticeOf}
                canReshape={scope === null}
                onText={(b, text) => edit((d) => model.setBlockText(d, scope, b, text))}
                onDelay={(b, minutes) => edit((d) => model.setDelay(d, b, minutes))}
                onAdd={() => edit((d) => model.addBlock(d))}
                onRemove={(b) => edit((d) => model.removeBlock(d, b))}
                onMove={(from, to) => edit((d) => model.moveBlock(d, from, to))}
                onFiles={media.addFiles}
                onUrl={media.addUrl}
                onReuse={media.reuse}
                onRemoveMedia={(b, at) => edit((d) => model.removeMedia(d, scope, b, at))}
                onCancelUpload={media.cancel}
              />
            )}
            <DontTrackList
              links={links}
              untracked={draft.untrackedLinks ?? []}
              rules={linkRules}
              sentAs={(link) =>
                [...new Set(draft.targets.map((t) => t.platform))].map((platform) => ({
                  network: platformRules[platform].label,
                  url: linkRules ? exampleLink(link, linkRules, { platform, labels: draftLabels }) : link,
                }))
              }
              onChange={(untrackedLinks) => edit((d) => ({ ...d, untrackedLinks }))}
            />
            <FirstCommentField
              targets={draft.targets}
              comment={draft.firstComment}
              onText={(text) => edit((d) => firstComment.setFirstCommentText(d, text))}
              onDelay={(minutes) => edit((d) => firstComment.setFirstCommentDelay(d, minutes))}
              onMoveHashtags={() =>
                edit((d) => firstComment.moveHashtagsToFirstComment(d, takesFirstComment))
              }
            />
            <SettingsForms
              targets={draft.targets}
              accountName={accountName}
              issuesOf={issues.ofSetting}
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
            <CategoryPicker subject={subjectOfDraft(draft)} />
            <PostMeta subject={subjectOfDraft(draft)} />
            {issues.other.length > 0 ? (
              <ul className="composer-issues" aria-label="Other problems">
                {issues.other.map((i) => (
                  <li key={`${i.target}-${i.path}-${i.message}`} className="field-error">
                    {i.message}
                  </li>
                ))}
              </ul>
            ) : null}
            <ComposerClashes
              draftId={draft.id}
              date={draft.date}
              targets={draft.targets}
              blocksOf={(t) => blocksFor(draft, t)}
              accountName={accountName}
              replacesGroup={draft.replacesGroup}
              zone={zone}
            />
          </div>
          <Preview
            targets={draft.targets}
            blocksOf={(t) =>
              blocksFor(signed, signed.targets.find((x) => x.integrationId === t.integrationId) ?? t)
            }
            accountName={accountName}
            accountPicture={(id) => accounts.data?.find((a) => a.id === id)?.picture ?? null}
            previews={media.previews}
            problems={issues.countOf}
            accountIssues={issues.ofAccount}
            firstComment={draft.firstComment?.content ?? null}
            firstCommentFor={(t, comment) =>
              trackedFor(comment, linkRules, {
                platform: t.platform,
                labels: draftLabels,
                untracked: draft.untrackedLinks ?? [],
              })
            }
          />
        </div>
        <SendBar
          key={zone}
          zone={zone}
          date={draft.date}
          busy={sending.busy}
          error={sending.error}
          problemCount={localIssues.length}
          isEdit={draft.replacesGroup !== null}
          queue={queuePreview}
          onDate={(date) => edit((d) => ({ ...d, date }))}
          onSend={(kind, date) => void sending.send(kind, date)}
          onOpenQueue={() => close(() => navigate('queue'))}
          onRepeat={() => setRepeating(true)}
        />
        {repeating ? (
          <RepeatDialog
            zone={zone}
            draft={draft}
            platforms={draft.targets.map((t) => t.platform)}
            beforeCreate={autosave.stop}
            onCreated={(message) => exit.leaveAfterSend(message)}
            onClose={() => setRepeating(false)}
          />
        ) : null}
      </section>
    </div>
  );
}
