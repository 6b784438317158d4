import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { localeOf } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useFamilies, type Family } from '../../api/families';
import { useConversations } from './api';
import { listTime, safeZone } from './days';
import { personName, TOPIC_STYLE } from './labels';
import { NewConversationDialog } from './NewConversationDialog';
import { ShieldSettings } from './ShieldSettings';
import { topicValues } from '../../api/schema';
import type { Conversation, Message, Topic } from './types';
import { FamilyPicker } from '../../components/FamilyPicker';

/** The list pane: filters, the conversations (most recently active first) and the way to start one. */
export function ConversationList({ selectedId }: { selectedId: string | undefined }) {
  const families = useFamilies();
  const [familyId, setFamilyId] = useState<string | null>(null);
  const [topic, setTopic] = useState<Topic | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useConversations(familyId, topic);
  const familyList = families.data ?? [];
  return (
    <ConversationPane
      selectedId={selectedId}
      families={familyList}
      familyId={familyId}
      onFamily={setFamilyId}
      topic={topic}
      onTopic={setTopic}
      onNew={() => setCreating(true)}
      shield={<ShieldSettings />}
      list={{
        conversations: list.data?.pages.flatMap((p) => p.conversaciones) ?? [],
        pending: list.isPending,
        error: list.isError ? list.error.message : null,
        onRetry: () => void list.refetch(),
        hasMore: list.hasNextPage,
        loadingMore: list.isFetchingNextPage,
        onMore: () => void list.fetchNextPage(),
      }}
      dialog={
        <NewConversationDialog
          open={creating}
          onClose={() => setCreating(false)}
          families={familyList}
          defaultFamilyId={familyId ?? familyList[0]?._id ?? ''}
        />
      }
    />
  );
}

export interface ConversationPaneProps {
  selectedId: string | undefined;
  families: Family[];
  /** The family the list is narrowed to; null: all of them. */
  familyId: string | null;
  onFamily: (id: string | null) => void;
  topic: Topic | null;
  onTopic: (topic: Topic | null) => void;
  onNew: () => void;
  /** The shield's switch, which reads and saves its own setting. */
  shield: ReactNode;
  list: {
    conversations: Conversation[];
    pending: boolean;
    error: string | null;
    onRetry: () => void;
    hasMore: boolean;
    loadingMore: boolean;
    onMore: () => void;
  };
  /** The new-conversation dialog the page opens. */
  dialog: ReactNode;
}

/** The list pane as it is drawn, from plain props. */
export function ConversationPane({ selectedId, families, familyId, onFamily, topic, onTopic, onNew, shield, list, dialog }: ConversationPaneProps) {
  const { t } = useTranslation();
  const filtered = familyId !== null || topic !== null;
  return (
    <div className="flex min-h-0 flex-1 flex-col rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
      <div className="space-y-3 border-b border-sand-200 p-4">
        {/* Positioned: the shield's panel hangs from this row, so it stays within the pane on a phone. */}
        <div className="relative flex items-center justify-between gap-2">
          <h1 className="text-xl font-bold text-ink">{t('messages.title')}</h1>
          <div className="flex items-center gap-1">
            {shield}
            <Button onClick={onNew} className="px-3">
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M12 5v14M5 12h14" />
              </svg>
              {t('messages.new')}
            </Button>
          </div>
        </div>
        <FamilyPicker
          families={families}
          value={familyId ?? ''}
          onChange={(id) => onFamily(id || null)}
          label={t('messages.family')}
          anyLabel={t('messages.allFamilies')}
        />
        <TopicChips value={topic} onChange={onTopic} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {list.pending ? (
          <div role="status" className="flex justify-center py-8 text-brand-600">
            <Spinner />
            <span className="sr-only">{t('common.loading')}</span>
          </div>
        ) : list.error ? (
          <div className="space-y-3 p-2">
            <Alert>{list.error}</Alert>
            <Button variant="secondary" onClick={list.onRetry}>
              {t('common.retry')}
            </Button>
          </div>
        ) : list.conversations.length === 0 ? (
          <div className="px-4 py-10 text-center">
            <p className="font-semibold text-ink">{filtered ? t('messages.emptyFiltered') : t('messages.emptyTitle')}</p>
            {!filtered && <p className="mt-1 text-sm text-muted">{t('messages.emptyBody')}</p>}
          </div>
        ) : (
          <ConversationListView conversations={list.conversations} selectedId={selectedId} />
        )}
        {list.hasMore && (
          <div className="p-2 text-center">
            <Button variant="ghost" busy={list.loadingMore} onClick={list.onMore}>
              {t('messages.loadMore')}
            </Button>
          </div>
        )}
      </div>
      {dialog}
    </div>
  );
}

/** "All" and every topic, one pressed at a time; they scroll sideways on a narrow screen. */
export function TopicChips({ value, onChange }: { value: Topic | null; onChange: (topic: Topic | null) => void }) {
  const { t } = useTranslation();
  const chip = (active: boolean) =>
    `shrink-0 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-ink ring-sand-200 hover:bg-brand-50'}`;
  return (
    <div role="group" aria-label={t('messages.topicFilter')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      <button type="button" aria-pressed={value === null} onClick={() => onChange(null)} className={chip(value === null)}>
        {t('messages.allTopics')}
      </button>
      {topicValues.map((topic) => (
        <button key={topic} type="button" aria-pressed={value === topic} onClick={() => onChange(topic)} className={chip(value === topic)}>
          {t(`messages.topics.${topic}`)}
        </button>
      ))}
    </div>
  );
}

export function TopicChip({ topic }: { topic: string }) {
  const { t } = useTranslation();
  return <span className={`inline-block shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${TOPIC_STYLE[topic] ?? TOPIC_STYLE.general}`}>{t(`messages.topics.${topic}`)}</span>;
}

export function ConversationListView({ conversations, selectedId }: { conversations: Conversation[]; selectedId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const locale = localeOf(i18n.language);
  const zone = safeZone(user?.zonaHoraria);
  const now = new Date();
  return (
    <ul className="space-y-1" data-testid="conversations">
      {conversations.map((c) => {
        const last = c.ultimoMensaje;
        // A message the reader's shield folds comes without its text: the preview says so instead.
        const words = last?.plegado ? t('messages.shield.folded') : last?.texto.replace(/\s+/g, ' ');
        const preview = last
          ? `${last.autor?._id === user?._id ? `${t('messages.you')}: ` : last.autor ? `${last.autor.nombre}: ` : ''}${words}`
          : t('messages.noMessagesYet');
        const selected = c._id === selectedId;
        return (
          <li key={c._id}>
            <Link
              to={`/messages/${c._id}`}
              aria-current={selected ? 'page' : undefined}
              className={`flex gap-3 rounded-2xl px-3 py-3 ${selected ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-sand-50'}`}
            >
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <p className={`truncate text-ink ${c.noLeidos > 0 ? 'font-bold' : 'font-semibold'}`}>{c.asunto}</p>
                  <time dateTime={c.actualizadaAt} className="shrink-0 text-xs text-muted">
                    {listTime(c.actualizadaAt, now, locale, zone)}
                  </time>
                </div>
                <div className="mt-1 flex items-center gap-2">
                  <TopicChip topic={c.tema} />
                  {last && last.tipo !== 'normal' && <TypeTag tipo={last.tipo} />}
                  <p className={`min-w-0 flex-1 truncate text-sm ${c.noLeidos > 0 ? 'text-ink' : 'text-muted'}`}>{preview}</p>
                  {c.noLeidos > 0 && (
                    <span className="shrink-0 rounded-full bg-brand-600 px-2 text-xs font-bold leading-5 text-white">
                      {c.noLeidos > 99 ? '99+' : c.noLeidos}
                      <span className="sr-only"> {t('messages.unread', { count: c.noLeidos })}</span>
                    </span>
                  )}
                </div>
                <p className="sr-only">{c.participantes.map((p) => personName(p, t)).join(', ')}</p>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** "Urgent" / "Emergency" in words and colour, with an icon for the emergency. */
export function TypeTag({ tipo }: { tipo: Message['tipo'] }) {
  const { t } = useTranslation();
  if (tipo === 'normal') return null;
  const emergency = tipo === 'emergencia';
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${emergency ? 'bg-red-700 text-white' : 'bg-amber-100 text-amber-900'}`}
    >
      <svg aria-hidden="true" width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
        {emergency ? <path d="M12 3l10 18H2L12 3zM12 10v5M12 18h.01" /> : <path d="M12 7v6M12 17h.01M12 22a10 10 0 100-20 10 10 0 000 20z" />}
      </svg>
      {t(`messages.types.${tipo}`)}
    </span>
  );
}
