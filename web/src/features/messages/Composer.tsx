import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../api/client';
import { localeOf } from '../../lib/dates';
import { uploadAttachment, useSendMessage } from './api';
import { replaceFragment, segmentsOf, sliceChars } from './highlight';
import { personName } from './labels';
import { formatSize } from './seen';
import { messageTypeValues } from '../../api/schema';
import type { Attachment, Message, MessageType, ToneFragment } from './types';
import { useToneCheck, type ToneResult } from './useToneCheck';

const MAX_ATTACHMENTS = 5;
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf';

interface Upload {
  key: string;
  file: File;
  attachment: Attachment | null;
  error: string | null;
}

interface Props {
  conversationId: string;
  replyTo: Message | null;
  /** The message answered is folded by my shield: its words stay out of the reply's preview too. */
  replyFolded?: boolean;
  onCancelReply: () => void;
  onSent: () => void;
}

/** Writing a message: text with help on tone, its type, files, and the message it answers. */
export function Composer({ conversationId, replyTo, replyFolded = false, onCancelReply, onSent }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [tipo, setTipo] = useState<MessageType>('normal');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const send = useSendMessage(conversationId);
  const tone = useToneCheck(draft);
  const area = useRef<HTMLTextAreaElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const ids = useId();

  const uploading = uploads.some((u) => !u.attachment && !u.error);
  const ready = uploads.flatMap((u) => (u.attachment ? [u.attachment._id] : []));
  const canSend = draft.trim() !== '' && !uploading && !send.isPending;

  useEffect(() => {
    if (replyTo) area.current?.focus();
  }, [replyTo]);

  const addFiles = (picked: FileList | null) => {
    if (!picked) return;
    const room = MAX_ATTACHMENTS - uploads.length;
    const chosen = Array.from(picked).slice(0, Math.max(room, 0));
    if (picked.length > room) setFailure(t('messages.composer.tooManyFiles', { max: MAX_ATTACHMENTS }));
    for (const file of chosen) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      setUploads((list) => [...list, { key, file, attachment: null, error: null }]);
      uploadAttachment(conversationId, file, t('messages.errors.upload')).then(
        (attachment) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, attachment } : u))),
        (err: unknown) =>
          setUploads((list) => list.map((u) => (u.key === key ? { ...u, error: err instanceof Error ? err.message : t('messages.errors.upload') } : u))),
      );
    }
  };

  const deliver = async () => {
    // The server trims surrounding blank lines; the record holds what it stores.
    await send.mutateAsync({
      texto: draft,
      tipo,
      ...(replyTo ? { respondeA: replyTo._id } : {}),
      ...(ready.length > 0 ? { adjuntos: ready } : {}),
    });
    setDraft('');
    setTipo('normal');
    setUploads([]);
    onSent();
  };

  const submit = async () => {
    if (!canSend) return;
    setFailure(null);
    if (tipo === 'emergencia') {
      setConfirming(true);
      return;
    }
    try {
      await deliver();
    } catch (err) {
      setFailure(err instanceof ApiError || err instanceof Error ? err.message : t('messages.errors.send'));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div className="border-t border-sand-200 bg-white p-3">
      {replyTo && (
        <div className="mb-2 flex items-start gap-2 rounded-xl border-l-4 border-brand-500 bg-sand-100 px-3 py-2 text-sm">
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold text-ink">{t('messages.composer.replyingTo', { name: personName(replyTo.autor, t) })}</p>
            <p className={`truncate text-muted ${replyFolded ? 'italic' : ''}`}>{replyFolded ? t('messages.shield.folded') : replyTo.texto}</p>
          </div>
          <button type="button" onClick={onCancelReply} className="rounded-lg p-1 text-muted hover:bg-sand-200">
            <span className="sr-only">{t('messages.composer.cancelReply')}</span>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      )}
      {uploads.length > 0 && <UploadList uploads={uploads} onRemove={(key) => setUploads((list) => list.filter((u) => u.key !== key))} />}
      <label htmlFor={`${ids}-text`} className="sr-only">
        {t('messages.composer.label')}
      </label>
      <HighlightedTextArea
        id={`${ids}-text`}
        ref={area}
        value={draft}
        tone={tone}
        onChange={setDraft}
        onKeyDown={onKeyDown}
        placeholder={t('messages.composer.placeholder')}
        describedBy={`${ids}-tone`}
      />
      <div className="mt-2 flex items-center gap-2">
        <label htmlFor={`${ids}-type`} className="sr-only">
          {t('messages.composer.type')}
        </label>
        <select
          id={`${ids}-type`}
          value={tipo}
          onChange={(e) => setTipo(e.target.value as MessageType)}
          className={`min-w-0 rounded-xl border px-2.5 py-2 text-sm font-medium focus:outline-none focus:ring-2 focus:ring-brand-200 ${
            tipo === 'emergencia' ? 'border-red-700 bg-red-50 text-red-800' : tipo === 'urgente' ? 'border-amber-500 bg-amber-50 text-amber-900' : 'border-gray-300 bg-white text-ink'
          }`}
        >
          {messageTypeValues.map((type) => (
            <option key={type} value={type}>
              {t(`messages.types.${type}`)}
            </option>
          ))}
        </select>
        <input
          ref={files}
          type="file"
          accept={ACCEPT}
          multiple
          className="hidden"
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = '';
          }}
          data-testid="attach-input"
        />
        <button
          type="button"
          onClick={() => files.current?.click()}
          disabled={uploads.length >= MAX_ATTACHMENTS}
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-brand-700 hover:bg-brand-50 disabled:opacity-40"
        >
          <span className="sr-only">{t('messages.composer.attach')}</span>
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d="M20 11.5l-8.2 8.2a5 5 0 01-7.1-7.1l8.5-8.5a3.3 3.3 0 014.7 4.7l-8.5 8.5a1.7 1.7 0 01-2.4-2.4l7.8-7.8" />
          </svg>
        </button>
        <div className="flex-1" />
        <button
          type="button"
          onClick={() => void submit()}
          disabled={!canSend}
          className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-200"
        >
          {send.isPending && <Spinner small />}
          {t('messages.composer.send')}
        </button>
      </div>
      <ToneHelp
        id={`${ids}-tone`}
        tone={tone}
        draft={draft}
        onUse={(fragment, checked) => setDraft((current) => replaceFragment(current, checked, fragment, fragment.reemplazo ?? ''))}
      />
      {failure && (
        <div className="mt-2">
          <Alert>{failure}</Alert>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('messages.composer.emergencyTitle')}
        body={t('messages.composer.emergencyBody')}
        confirmLabel={t('messages.composer.emergencyConfirm')}
        onConfirm={deliver}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

const GROW_MAX_PX = 192;

/**
 * A textarea over a mirror of its own text in which the flagged fragments are marked: the marks
 * show through the transparent textarea exactly under the words, and scroll with it. The mirror is
 * hidden from assistive technology; the list under the composer says the same in words.
 */
function HighlightedTextArea({
  id,
  ref,
  value,
  tone,
  onChange,
  onKeyDown,
  placeholder,
  describedBy,
}: {
  id: string;
  ref: React.RefObject<HTMLTextAreaElement | null>;
  value: string;
  tone: ToneResult | null;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  placeholder: string;
  describedBy: string;
}) {
  const mirror = useRef<HTMLDivElement>(null);
  const current = tone && tone.text === value ? tone.answer.fragmentos : [];
  const segments = segmentsOf(value, current);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight + 2, GROW_MAX_PX)}px`;
    if (mirror.current) mirror.current.scrollTop = el.scrollTop;
  }, [value, ref]);

  const shared = 'whitespace-pre-wrap break-words rounded-xl border px-3.5 py-2.5 text-base leading-6 [overflow-wrap:anywhere] [scrollbar-gutter:stable]';
  return (
    <div className="relative rounded-xl bg-white">
      <div ref={mirror} aria-hidden="true" className={`pointer-events-none absolute inset-0 overflow-hidden border-transparent text-transparent ${shared}`} data-testid="tone-mirror">
        {segments.map((s, i) =>
          s.fragment ? (
            <mark key={i} className="rounded-sm bg-amber-200 text-transparent underline decoration-red-700 decoration-wavy decoration-2 underline-offset-4" data-testid="tone-mark">
              {s.text}
            </mark>
          ) : (
            <span key={i}>{s.text}</span>
          ),
        )}
        {'\n'}
      </div>
      <textarea
        id={id}
        ref={ref}
        rows={2}
        value={value}
        placeholder={placeholder}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          if (mirror.current) mirror.current.scrollTop = e.currentTarget.scrollTop;
        }}
        className={`relative block w-full resize-none overflow-y-auto border-gray-300 bg-transparent text-ink placeholder:text-gray-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 ${shared}`}
      />
    </div>
  );
}

/**
 * The flagged fragments in words: what, why, and the calmer wording the parent may put in place of
 * exactly that fragment of the draft (or leave the fragment out). Only the draft changes; what is
 * sent is what is in the box.
 */
function ToneHelp({ id, tone, draft, onUse }: { id: string; tone: ToneResult | null; draft: string; onUse: (fragment: ToneFragment, checked: string) => void }) {
  const { t } = useTranslation();
  const fragments = tone?.answer.fragmentos ?? [];
  return (
    <div id={id} aria-live="polite" className="empty:hidden">
      {tone && fragments.length > 0 && (
        <div className={`mt-2 max-h-64 overflow-y-auto rounded-xl border px-3 py-2 text-sm ${tone.answer.nivel === 'hostil' ? 'border-red-200 bg-red-50' : 'border-amber-200 bg-amber-50'}`} data-testid="tone-help">
          <p className="font-semibold text-ink">{t(tone.answer.nivel === 'hostil' ? 'messages.tone.hostile' : 'messages.tone.attention')}</p>
          <p className="text-muted">{t('messages.tone.stillSend')}</p>
          <ul className="mt-2 space-y-2">
            {fragments.map((f) => {
              const words = sliceChars(tone.text, f.inicio, f.fin);
              const stillThere = draft.includes(words);
              return (
                <li key={`${f.inicio}-${f.fin}`} className="rounded-lg bg-white/70 px-2.5 py-2">
                  <p className="text-ink">
                    <span className="font-semibold">“{words}”</span> · {t(`messages.tone.categories.${f.categoria}`)}
                  </p>
                  {f.sugerencia && (
                    <p className="mt-1 text-muted">
                      {t('messages.tone.suggestion')} <span className="text-ink">{f.sugerencia}</span>
                    </p>
                  )}
                  {f.reemplazo != null && (
                    <button
                      type="button"
                      disabled={!stillThere}
                      onClick={() => onUse(f, tone.text)}
                      className="mt-1.5 max-w-full rounded-lg border border-brand-200 bg-white px-2.5 py-1 text-left text-xs font-semibold text-brand-700 [overflow-wrap:anywhere] hover:bg-brand-50 disabled:opacity-50"
                    >
                      {f.reemplazo === '' ? t('messages.tone.remove') : t('messages.tone.useWording', { wording: f.reemplazo })}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

function UploadList({ uploads, onRemove }: { uploads: Upload[]; onRemove: (key: string) => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return (
    <ul className="mb-2 flex flex-wrap gap-2" aria-label={t('messages.composer.files')}>
      {uploads.map((u) => (
        <li key={u.key} className={`flex max-w-full items-center gap-2 rounded-xl px-2.5 py-1.5 text-sm ${u.error ? 'bg-red-50 text-red-800' : 'bg-sand-100 text-ink'}`}>
          {!u.attachment && !u.error && (
            <span role="status" className="text-brand-600">
              <Spinner small />
              <span className="sr-only">{t('messages.composer.uploading', { name: u.file.name })}</span>
            </span>
          )}
          <span className="min-w-0 max-w-[12rem] truncate">{u.file.name}</span>
          <span className="shrink-0 text-xs text-muted">{formatSize(u.file.size, locale)}</span>
          {u.error && <span className="text-xs">{u.error}</span>}
          <button type="button" onClick={() => onRemove(u.key)} className="rounded p-0.5 hover:bg-black/5">
            <span className="sr-only">{t('messages.composer.removeFile', { name: u.file.name })}</span>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
