import { useState } from 'react';
import { useTranslation, type TFunction } from '../../i18n';
import { Modal } from '../../components/Modal';
import { TypeTag } from './ConversationList';
import { dayKey, timeOfDay } from './days';
import { personName } from './labels';
import { formatSize, seenState } from './seen';
import type { Attachment, Message, Participant, Quote } from './types';
import { formatInstant } from '../../lib/format';

interface Props {
  message: Message;
  mine: boolean;
  /** Show the author's name above the bubble (someone else's message). */
  showAuthor: boolean;
  folded: boolean;
  /** The message it quotes is folded for me: the quote shows no words of it either. */
  quoteFolded: boolean;
  participants: Participant[];
  locale: string;
  zone: string | undefined;
  onReveal: () => void;
  onReply: () => void;
  onOpenQuote: (quote: Quote) => void;
}

const bubbleStyle = (message: Message, mine: boolean) => {
  if (message.tipo === 'emergencia') return 'bg-red-50 text-ink ring-2 ring-red-700';
  if (message.tipo === 'urgente') return 'bg-amber-50 text-ink ring-2 ring-amber-500';
  return mine ? 'bg-brand-600 text-white' : 'bg-white text-ink ring-1 ring-black/10';
};

/** One message: who, what it quotes, its text and files, when, and for my own messages who saw it. */
export function MessageBubble({ message, mine, showAuthor, folded, quoteFolded, participants, locale, zone, onReveal, onReply, onOpenQuote }: Props) {
  const { t } = useTranslation();
  const plain = message.tipo === 'normal';
  const onBrand = mine && plain;
  return (
    <div id={`msg-${message._id}`} className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`} data-testid="message">
      {showAuthor && <p className="mb-0.5 px-2 text-xs font-semibold text-muted">{personName(message.autor, t)}</p>}
      <div className={`max-w-[85%] rounded-2xl px-3.5 py-2.5 shadow-sm sm:max-w-[75%] ${mine ? 'rounded-br-md' : 'rounded-bl-md'} ${bubbleStyle(message, mine)}`}>
        {!plain && (
          <div className="mb-1.5">
            <TypeTag tipo={message.tipo} />
          </div>
        )}
        {folded ? (
          <div className="text-sm">
            <p className="italic">{t('messages.shield.folded')}</p>
            <button type="button" onClick={onReveal} className="mt-1 inline-flex min-h-6 items-center font-semibold underline underline-offset-2">
              {t('messages.shield.show')}
            </button>
          </div>
        ) : (
          <>
            {message.respondeA && <QuoteBox quote={message.respondeA} folded={quoteFolded} onBrand={onBrand} onOpen={onOpenQuote} />}
            <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{message.texto}</p>
            {message.adjuntos.length > 0 && <Attachments items={message.adjuntos} onBrand={onBrand} locale={locale} />}
          </>
        )}
        <p className={`mt-1 text-right text-[11px] ${onBrand ? 'text-brand-100' : 'text-muted'}`}>
          <time dateTime={message.enviadoAt}>{timeOfDay(message.enviadoAt, locale, zone)}</time>
        </p>
      </div>
      <div className={`mt-0.5 flex flex-wrap items-center gap-x-3 px-2 text-xs text-muted ${mine ? 'justify-end' : ''}`}>
        {mine && <SeenLine message={message} participants={participants} locale={locale} zone={zone} />}
        <button type="button" onClick={onReply} className="inline-flex min-h-6 items-center rounded px-1.5 font-medium text-brand-700 hover:bg-brand-50">
          {t('messages.reply')}
          <span className="sr-only">: {folded ? t('messages.shield.folded') : message.texto.slice(0, 40)}</span>
        </button>
      </div>
    </div>
  );
}

/** A seen time with the date when it is not today's. */
function seenAt(at: string, locale: string, zone: string | undefined) {
  const time = timeOfDay(at, locale, zone);
  if (dayKey(at, zone) === dayKey(new Date().toISOString(), zone)) return time;
  return `${formatInstant(at, locale, { timeZone: zone, day: 'numeric', month: 'short' })} ${time}`;
}

export function seenText(message: Message, participants: Participant[], t: TFunction, locale: string, zone: string | undefined): string[] {
  const state = seenState(message, participants);
  if (state.kind === 'sent') return [t('messages.sent')];
  if (state.kind === 'seen') return [t('messages.seen', { time: seenAt(state.at, locale, zone) })];
  return state.entries.map((e) =>
    e.at ? t('messages.seenBy', { name: e.name, time: seenAt(e.at, locale, zone) }) : t('messages.notSeenBy', { name: e.name }),
  );
}

function SeenLine({ message, participants, locale, zone }: { message: Message; participants: Participant[]; locale: string; zone: string | undefined }) {
  const { t } = useTranslation();
  return (
    <span data-testid="seen" className="flex flex-wrap gap-x-2">
      {seenText(message, participants, t, locale, zone).map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}

function QuoteBox({ quote, folded, onBrand, onOpen }: { quote: Quote; folded: boolean; onBrand: boolean; onOpen: (quote: Quote) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => onOpen(quote)}
      className={`mb-1.5 block w-full rounded-lg border-l-4 px-2.5 py-1.5 text-left text-sm ${onBrand ? 'border-brand-100 bg-brand-700/60' : 'border-brand-500 bg-sand-100'}`}
    >
      <span className="sr-only">{t('messages.quoting')} </span>
      <span className="block text-xs font-semibold">{personName(quote.autor, t)}</span>
      {folded ? (
        <span className="block italic">{t('messages.shield.folded')}</span>
      ) : (
        <span className="line-clamp-2 break-words [overflow-wrap:anywhere]">{quote.texto}</span>
      )}
    </button>
  );
}

function Attachments({ items, onBrand, locale }: { items: Attachment[]; onBrand: boolean; locale: string }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<Attachment | null>(null);
  const images = items.filter((a) => a.clase === 'imagen');
  const files = items.filter((a) => a.clase !== 'imagen');
  return (
    <div className="mt-2 space-y-2">
      {images.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {images.map((a) => (
            <button key={a._id} type="button" onClick={() => setViewing(a)} className="overflow-hidden rounded-lg ring-1 ring-black/10">
              <img src={a.miniatura ?? a.url} alt={t('messages.imageAlt', { name: a.nombre })} className="h-28 w-28 object-cover" loading="lazy" />
            </button>
          ))}
        </div>
      )}
      {files.map((a) => (
        <a
          key={a._id}
          href={a.url}
          download={a.nombre}
          className={`flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm ${onBrand ? 'bg-brand-700/60 text-white' : 'bg-sand-100 text-ink'}`}
        >
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" className="shrink-0">
            <path d="M7 3h7l5 5v13H7zM14 3v5h5" />
          </svg>
          <span className="min-w-0 flex-1 truncate font-medium">{a.nombre}</span>
          <span className="shrink-0 text-xs opacity-80">PDF · {formatSize(a.tamano, locale)}</span>
        </a>
      ))}
      <Modal open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.nombre ?? ''}>
        {viewing && (
          <div className="space-y-3">
            <img src={viewing.url} alt={t('messages.imageAlt', { name: viewing.nombre })} className="max-h-[70vh] w-full rounded-xl object-contain" />
            <a href={viewing.url} target="_blank" rel="noreferrer" className="text-sm font-semibold text-brand-700 underline">
              {t('messages.openOriginal')}
            </a>
          </div>
        )}
      </Modal>
    </div>
  );
}
