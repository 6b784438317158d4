import { useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Loading } from '../../../components/Spinner';
import { BackLink } from '../../../components/ui';
import { TextField } from '../../../components/Field';
import { TextArea } from '../../../components/TextArea';
import { useSession } from '../../../lib/session';
import { api, unwrap } from '../../../api/client';
import { areaValues, type components } from '../../../api/schema';
import { formatDate, formatDateTime, formatDay } from '../../../lib/format';
import { downloadFile } from '../../../api/files';
import { formatMoney } from '../../../lib/money';
import { useCases, type Area, type Case } from './api';
import { CaseProposals } from './CaseProposals';
import { areaKey, kindKey, professionKey, scopeLine } from '../../../lib/professionals';

type Conversation = components['schemas']['ConversationView'];
/** An area of the access, or the family professional's own conversation. */
type Tab = Area | 'conversacion';
const CONVERSATION: Tab = 'conversacion';

/** How far around today the calendar looks when the access names no period. */
const AROUND_DAYS = 90;

/**
 * /casos/:familiaId: what a professional reads of one family, area by area. Every list comes from
 * the family's own routes, which answer within the access's scope; nothing here can change anything.
 */
export default function CasePage() {
  const { t, i18n } = useTranslation();
  const { familiaId = '' } = useParams();
  const cases = useCases();
  const [params] = useSearchParams();
  const found = cases.data?.find((c) => c.familia._id === familiaId && c.estado === 'activo');
  // A family's professional also writes in their own conversation with the parents.
  const writes = found?.tipo === 'de-familia';
  const tabs: Tab[] = [...areaValues.filter((a) => found?.alcance.areas.includes(a)), ...(writes ? [CONVERSATION] : [])];
  const [chosen, setChosen] = useState<Tab | null>(params.get('vista') === CONVERSATION ? CONVERSATION : null);
  const area = chosen && tabs.includes(chosen) ? chosen : (tabs[0] ?? null);
  const day = (ymd: string) => formatDate(ymd, i18n.language);

  let body;
  if (cases.isLoading) body = <Loading />;
  else if (cases.isError) body = <Alert>{cases.error.message}</Alert>;
  else if (!found) body = <Alert kind="info">{t('cases.case.gone')}</Alert>;
  else
    body = (
      <>
        <p className="mt-1 text-sm text-muted">
          {t(professionKey(found.profesion))}
          <span aria-hidden="true"> · </span>
          {t(kindKey(found.tipo))}
          <span aria-hidden="true"> · </span>
          {t('cases.until', { date: formatDay(found.venceAt, i18n.language) })}
        </p>
        <p className="mt-1 text-sm text-ink">{scopeLine(t, found.alcance, day)}</p>
        <p className="mt-3 rounded-2xl bg-sand-100 px-4 py-3 text-sm text-ink">{t(writes ? 'cases.case.readOnlyFamily' : 'cases.case.readOnly')}</p>
        <div role="tablist" aria-label={t('cases.case.areas')} className="mt-5 flex flex-wrap gap-2">
          {tabs.map((a) => (
            <button
              key={a}
              type="button"
              role="tab"
              aria-selected={a === area}
              onClick={() => setChosen(a)}
              className={`rounded-full px-4 py-2 text-sm font-medium ${a === area ? 'bg-brand-600 text-white' : 'bg-white text-ink ring-1 ring-sand-200 hover:bg-brand-50'}`}
            >
              {a === CONVERSATION ? t('cases.case.conversation') : t(areaKey(a))}
            </button>
          ))}
        </div>
        <div role="tabpanel" className="mt-4">
          {area === 'mensajes' && <Messages familyId={familiaId} />}
          {area === CONVERSATION && <OwnConversation familyId={familiaId} accessId={found._id} />}
          {area === 'calendario' && <Calendar familyId={familiaId} scope={found.alcance} />}
          {area === 'calendario' && writes && found.profesion === 'coordinador' && <CaseProposals familyId={familiaId} parents={found.progenitores} />}
          {area === 'dinero' && <Money familyId={familiaId} />}
          {area === 'documentos' && <Documents familyId={familiaId} />}
          {area === 'hijos' && <Children familyId={familiaId} />}
        </div>
      </>
    );

  return (
    <section className="mx-auto max-w-3xl">
      <BackLink to="/casos">{t('cases.back')}</BackLink>
      <h1 className="mt-4 break-words text-2xl font-bold text-ink">{found?.familia.nombre ?? t('cases.title')}</h1>
      {body}
    </section>
  );
}

/** A list's loading and failure, one way for every area. */
function Loaded<T>({ query, children }: { query: { isLoading: boolean; isError: boolean; error: Error | null; data: T | undefined; refetch: () => unknown }; children: (data: T) => React.ReactNode }) {
  const { t } = useTranslation();
  if (query.isLoading) return <Loading />;
  if (query.isError || query.data === undefined)
    return (
      <div className="space-y-3">
        <Alert>{query.error?.message ?? t('cases.case.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  return <>{children(query.data)}</>;
}

const empty = (text: string) => <p className="text-sm text-muted">{text}</p>;

function Messages({ familyId }: { familyId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Conversation | null>(null);
  const conversations = useQuery({
    queryKey: ['cases', familyId, 'conversations'],
    queryFn: async () =>
      (await unwrap(api.GET('/api/conversaciones', { params: { query: { familiaId: familyId } } }), t('cases.case.loadFailed'))).data.conversaciones.filter(
        (c) => c.tema !== 'profesional',
      ),
  });
  if (open) return <Thread conversation={open} onBack={() => setOpen(null)} />;
  return (
    <Loaded query={conversations}>
      {(list) =>
        list.length === 0 ? (
          empty(t('cases.case.noConversations'))
        ) : (
          <ul className="divide-y divide-sand-200 rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
            {list.map((c) => (
              <li key={c._id}>
                <button type="button" onClick={() => setOpen(c)} className="w-full px-5 py-4 text-left hover:bg-brand-50" data-testid="case-conversation">
                  <span className="block break-words font-semibold text-ink">{c.asunto}</span>
                  <span className="block text-sm text-muted">{c.participantes.map((p) => `${p.nombre} ${p.apellido}`.trim()).join(', ')}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}

function Thread({ conversation, onBack }: { conversation: Conversation; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const messages = useQuery({
    queryKey: ['cases', conversation.familiaId, 'messages', conversation._id],
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/conversaciones/{id}/mensajes', { params: { path: { id: conversation._id } } }),
          t('cases.case.loadFailed'),
        )
      ).data.mensajes,
  });
  return (
    <div>
      <button type="button" onClick={onBack} className="text-sm font-medium text-brand-700 hover:underline">
        <span aria-hidden="true">← </span>
        {t('cases.case.allConversations')}
      </button>
      <h2 className="mt-3 break-words text-lg font-semibold text-ink">{conversation.asunto}</h2>
      <div className="mt-3">
        <Loaded query={messages}>
          {(list) =>
            list.length === 0 ? (
              empty(t('cases.case.noMessages'))
            ) : (
              // Oldest first, as a conversation reads.
              <ol className="space-y-3">
                {[...list].reverse().map((m) => (
                  <li key={m._id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5" data-testid="case-message">
                    <p className="text-xs text-muted">
                      {m.autor ? `${m.autor.nombre} ${m.autor.apellido}`.trim() : t('cases.case.someone')}
                      <span aria-hidden="true"> · </span>
                      <time dateTime={m.enviadoAt}>{formatDateTime(m.enviadoAt, i18n.language)}</time>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-ink">{m.texto}</p>
                  </li>
                ))}
              </ol>
            )
          }
        </Loaded>
      </div>
    </div>
  );
}

/**
 * A family professional's own conversation with the parents: started here once, then read whole
 * and written in like any conversation (numbered, never changed, in the family's record).
 */
function OwnConversation({ familyId, accessId }: { familyId: string; accessId: string }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const client = useQueryClient();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const key = ['cases', familyId, 'own-conversation'] as const;
  const conversation = useQuery({
    queryKey: key,
    queryFn: async () =>
      (
        await unwrap(api.GET('/api/conversaciones', { params: { query: { familiaId: familyId, tema: 'profesional' } } }), t('cases.case.loadFailed'))
      ).data.conversaciones.find((c) => c.accesoId === accessId) ?? null,
  });
  const id = conversation.data?._id;
  const messages = useQuery({
    queryKey: [...key, id],
    enabled: id !== undefined,
    queryFn: async () => {
      const list = (await unwrap(api.GET('/api/conversaciones/{id}/mensajes', { params: { path: { id: id ?? '' } } }), t('cases.case.loadFailed'))).data.mensajes;
      const newest = list[0];
      // What the parents wrote counts as seen once it is on the screen.
      if (newest && newest.autor?._id !== user?._id && conversation.data?.noLeidos)
        void api.POST('/api/conversaciones/{id}/leidos', { params: { path: { id: id ?? '' } }, body: { hasta: newest._id } });
      return list;
    },
  });
  const start = useMutation({
    mutationFn: async () =>
      (
        await unwrap(
          api.POST('/api/conversaciones', { body: { familiaId: familyId, tema: 'profesional', asunto: subject.trim() } }),
          t('cases.case.startFailed'),
        )
      ).data,
    onSuccess: (started) => client.setQueryData(key, started),
  });
  const send = useMutation({
    mutationFn: async () =>
      (await unwrap(api.POST('/api/conversaciones/{id}/mensajes', { params: { path: { id: id ?? '' } }, body: { texto: text } }), t('cases.case.sendFailed'))).data,
    onSuccess: () => {
      setText('');
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const submit = (action: () => void) => (e: FormEvent) => {
    e.preventDefault();
    action();
  };

  return (
    <Loaded query={conversation}>
      {(found) =>
        found === null ? (
          <form onSubmit={submit(() => start.mutate())} className="space-y-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
            <p className="text-sm text-ink">{t('cases.case.startLead')}</p>
            {start.isError && <Alert>{start.error.message}</Alert>}
            <TextField label={t('cases.case.subject')} value={subject} maxLength={200} required onChange={(e) => setSubject(e.target.value)} />
            <Button type="submit" disabled={start.isPending || subject.trim() === ''}>
              {t('cases.case.start')}
            </Button>
          </form>
        ) : (
          <div>
            <h2 className="break-words text-lg font-semibold text-ink">{found.asunto}</h2>
            <p className="mt-1 text-sm text-muted">{t('cases.case.conversationLead')}</p>
            <div className="mt-3">
              <Loaded query={messages}>
                {(list) =>
                  list.length === 0 ? (
                    empty(t('cases.case.noMessagesYet'))
                  ) : (
                    <ol className="space-y-3">
                      {[...list].reverse().map((m) => {
                        const mine = m.autor?._id === user?._id;
                        return (
                          <li
                            key={m._id}
                            className={`rounded-2xl p-4 shadow-sm ring-1 ring-black/5 ${mine ? 'ml-6 bg-brand-50' : 'mr-6 bg-white'}`}
                            data-testid="case-own-message"
                          >
                            <p className="text-xs text-muted">
                              {mine ? t('cases.case.you') : m.autor ? `${m.autor.nombre} ${m.autor.apellido}`.trim() : t('cases.case.someone')}
                              <span aria-hidden="true"> · </span>
                              <time dateTime={m.enviadoAt}>{formatDateTime(m.enviadoAt, i18n.language)}</time>
                            </p>
                            <p className="mt-1 whitespace-pre-wrap break-words text-ink">{m.texto}</p>
                          </li>
                        );
                      })}
                    </ol>
                  )
                }
              </Loaded>
            </div>
            <form onSubmit={submit(() => send.mutate())} className="mt-4 space-y-3">
              {send.isError && <Alert>{send.error.message}</Alert>}
              <TextArea label={t('cases.case.write')} value={text} maxLength={10000} onChange={(e) => setText(e.target.value)} />
              <Button type="submit" disabled={send.isPending || text.trim() === ''}>
                {t('cases.case.send')}
              </Button>
            </form>
          </div>
        )
      }
    </Loaded>
  );
}

/** The window the calendar asks for: the access's period, or the months around today. */
function windowOf(scope: Case['alcance']): { desde: string; hasta: string } {
  const now = Date.now();
  const from = scope.desde ? new Date(`${scope.desde}T00:00:00Z`).getTime() - 86_400_000 : now - AROUND_DAYS * 86_400_000;
  const to = scope.hasta ? new Date(`${scope.hasta}T00:00:00Z`).getTime() + 2 * 86_400_000 : now + AROUND_DAYS * 86_400_000;
  // The server answers at most five years at once.
  const capped = Math.min(to, from + 5 * 365 * 86_400_000);
  return { desde: new Date(from).toISOString(), hasta: new Date(Math.max(capped, from + 86_400_000)).toISOString() };
}

function Calendar({ familyId, scope }: { familyId: string; scope: Case['alcance'] }) {
  const { t, i18n } = useTranslation();
  const window = windowOf(scope);
  const events = useQuery({
    queryKey: ['cases', familyId, 'events', window.desde.slice(0, 10), window.hasta.slice(0, 10)],
    queryFn: async () =>
      (await unwrap(api.GET('/api/eventos', { params: { query: { familiaId: familyId, ...window } } }), t('cases.case.loadFailed'))).data,
  });
  return (
    <Loaded query={events}>
      {(list) =>
        list.length === 0 ? (
          empty(t('cases.case.noEvents'))
        ) : (
          <ul className="divide-y divide-sand-200 rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
            {list.map((o) => (
              <li key={`${o.eventoId}-${o.ocurrencia}`} className="px-5 py-3">
                <p className="font-medium text-ink">{o.titulo}</p>
                <p className="text-sm text-muted">{o.todoElDia ? formatDate(o.inicio.slice(0, 10), i18n.language) : formatDateTime(o.inicio, i18n.language)}</p>
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}

function Money({ familyId }: { familyId: string }) {
  const { t, i18n } = useTranslation();
  const expenses = useQuery({
    queryKey: ['cases', familyId, 'expenses'],
    queryFn: async () => (await unwrap(api.GET('/api/gastos', { params: { query: { familiaId: familyId } } }), t('cases.case.loadFailed'))).data.gastos,
  });
  return (
    <Loaded query={expenses}>
      {(list) =>
        list.length === 0 ? (
          empty(t('cases.case.noExpenses'))
        ) : (
          <ul className="divide-y divide-sand-200 rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
            {list.map((g) => (
              <li key={g.id} className="flex items-start justify-between gap-3 px-5 py-3">
                <span className="min-w-0">
                  <span className="block break-words font-medium text-ink">{g.descripcion}</span>
                  <span className="block text-sm text-muted">{formatDate(g.fecha, i18n.language)}</span>
                </span>
                <span className="shrink-0 font-semibold text-ink">{formatMoney(g.monto, g.moneda, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}

function Documents({ familyId }: { familyId: string }) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const documents = useQuery({
    queryKey: ['cases', familyId, 'documents'],
    queryFn: async () =>
      (await unwrap(api.GET('/api/documentos', { params: { query: { familiaId: familyId } } }), t('cases.case.loadFailed'))).data.documentos,
  });
  return (
    <Loaded query={documents}>
      {(list) =>
        list.length === 0 ? (
          empty(t('cases.case.noDocuments'))
        ) : (
          <>
            {failure && <Alert>{failure}</Alert>}
            <ul className="divide-y divide-sand-200 rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
              {list.map((d) => (
                <li key={d._id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
                  <span className="min-w-0">
                    <span className="block break-words font-medium text-ink">{d.titulo}</span>
                    <span className="block text-sm text-muted">{formatDay(d.createdAt, i18n.language)}</span>
                  </span>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setFailure(null);
                      downloadFile(`/api/documentos/${encodeURIComponent(d._id)}/archivo?version=${d.version}`, d.archivo.nombre, t('cases.case.downloadFailed')).catch((err: unknown) =>
                        setFailure(err instanceof Error ? err.message : t('cases.case.downloadFailed')),
                      );
                    }}
                  >
                    {t('cases.case.download')}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )
      }
    </Loaded>
  );
}

function Children({ familyId }: { familyId: string }) {
  const { t, i18n } = useTranslation();
  const children = useQuery({
    queryKey: ['cases', familyId, 'children'],
    queryFn: async () => (await unwrap(api.GET('/api/hijos'), t('cases.case.loadFailed'))).data.filter((c) => c.familiaId === familyId),
  });
  return (
    <Loaded query={children}>
      {(list) =>
        list.length === 0 ? (
          empty(t('cases.case.noChildren'))
        ) : (
          <ul className="divide-y divide-sand-200 rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
            {list.map((c) => (
              <li key={c._id} className="px-5 py-3">
                <p className="font-medium text-ink">{`${c.nombre} ${c.apellido}`.trim()}</p>
                {c.fechaNacimiento && <p className="text-sm text-muted">{t('cases.case.born', { date: formatDate(c.fechaNacimiento, i18n.language) })}</p>}
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}
