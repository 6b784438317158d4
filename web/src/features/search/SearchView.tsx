import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import type { Child, Contact } from '../../api/children';
import type { Family } from '../../api/families';
import { topicValues } from '../../api/schema';
import { MAX_QUERY, topicOf, type MessageFilters, type MessageHit } from './api';
import { highlight, matchesAll } from './match';
import { formatDay, formatTime } from '../../lib/format';

interface Part {
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}

export interface SearchViewProps {
  query: string;
  filters: MessageFilters;
  onFilters: (filters: MessageFilters) => void;
  families: Family[];
  messages: Part & { refreshing: boolean; hits: MessageHit[] };
  records: Part & { list: Child[] };
}

/** The text with the query's words marked. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlight(text, query).map((segment, i) =>
        segment.hit ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-ink">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

export function matchingChildren(children: Child[], query: string): Child[] {
  return children.filter((child) => matchesAll(query, child.nombre, child.apellido));
}

/** A child's emergency contacts whose name, relation or phone hold every word of the query. */
export function matchingContacts(children: Child[], query: string): { child: Child; contact: Contact }[] {
  return children.flatMap((child) =>
    child.contactosEmergencia.filter((contact) => matchesAll(query, contact.nombre, contact.relacion, contact.telefono)).map((contact) => ({ child, contact })),
  );
}

function Section({ title, count, children }: { title: string; count?: number | undefined; children: ReactNode }) {
  return (
    <section className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6" aria-label={title}>
      <h2 className="flex items-baseline gap-2 text-lg font-semibold text-ink">
        {title}
        {count !== undefined && <span className="text-sm font-normal text-muted">({count})</span>}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function PartState({ part, empty, children }: { part: Part; empty: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  if (part.loading)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner small /> {t('search.searching')}
      </p>
    );
  if (part.error)
    return (
      <div className="space-y-2">
        <Alert>{part.error}</Alert>
        <Button variant="secondary" onClick={part.onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  if (empty) return <p className="text-sm text-muted">{empty}</p>;
  return <>{children}</>;
}

export function SearchView({ query, filters, onFilters, families, messages, records }: SearchViewProps) {
  const { t } = useTranslation();
  const trimmed = query.trim();
  if (!trimmed) {
    return (
      <section className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold text-ink">{t('search.title')}</h1>
        <p className="mt-2 text-muted">{t('search.empty')}</p>
      </section>
    );
  }
  const tooLong = trimmed.length > MAX_QUERY;
  const children = matchingChildren(records.list, trimmed);
  const contacts = matchingContacts(records.list, trimmed);
  const familyName = (id: string) => (families.length > 1 ? families.find((f) => f._id === id)?.nombre : undefined);
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-ink">{t('search.resultsFor', { query: trimmed })}</h1>
      {tooLong && <Alert>{t('search.tooLong', { max: MAX_QUERY })}</Alert>}

      <Section title={t('search.messages.title')} count={messages.loading || messages.error || tooLong ? undefined : messages.hits.length}>
        <MessageFiltersForm key={JSON.stringify(filters)} filters={filters} families={families} onApply={onFilters} />
        <div className="mt-4" aria-busy={messages.refreshing || undefined}>
          {!tooLong && (
            <PartState part={messages} empty={messages.hits.length === 0 ? t('search.messages.none') : null}>
              <ul className="divide-y divide-sand-200">
                {messages.hits.map((hit) => (
                  <MessageHitItem key={hit.mensajeId} hit={hit} query={trimmed} family={familyName(hit.familiaId)} />
                ))}
              </ul>
              {messages.hits.length >= 50 && <p className="mt-3 text-sm text-muted">{t('search.messages.capped')}</p>}
            </PartState>
          )}
        </div>
      </Section>

      <Section title={t('search.children.title')} count={records.loading || records.error ? undefined : children.length}>
        <PartState part={records} empty={children.length === 0 ? t('search.children.none') : null}>
          <ul className="divide-y divide-sand-200">
            {children.map((child) => (
              <li key={child._id}>
                <Link to={`/children/${child._id}`} className="flex items-center justify-between gap-3 py-3 font-medium text-ink hover:text-brand-700">
                  <span>
                    <Highlighted text={`${child.nombre} ${child.apellido}`} query={trimmed} />
                  </span>
                  {familyName(child.familiaId) && <span className="text-sm text-muted">{familyName(child.familiaId)}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </PartState>
      </Section>

      <Section title={t('search.contacts.title')} count={records.loading || records.error ? undefined : contacts.length}>
        <PartState part={records} empty={contacts.length === 0 ? t('search.contacts.none') : null}>
          <ul className="divide-y divide-sand-200">
            {contacts.map(({ child, contact }) => (
              <li key={`${child._id}-${contact.id}`} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-ink">
                    <Highlighted text={contact.nombre} query={trimmed} /> · <span className="font-normal text-muted"><Highlighted text={contact.relacion} query={trimmed} /></span>
                  </p>
                  <Link to={`/children/${child._id}?tab=contactos`} className="text-sm text-brand-700 hover:underline">
                    {t('search.contacts.of', { child: `${child.nombre} ${child.apellido}` })}
                  </Link>
                </div>
                <a href={`tel:${contact.telefono.replace(/[^\d+]/g, '')}`} className="text-sm font-medium text-ink hover:text-brand-700">
                  <Highlighted text={contact.telefono} query={trimmed} />
                </a>
              </li>
            ))}
          </ul>
        </PartState>
      </Section>
    </section>
  );
}

function MessageHitItem({ hit, query, family }: { hit: MessageHit; query: string; family: string | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'es-AR';
  const sent = new Date(hit.enviadoAt);
  const author = hit.autor ? `${hit.autor.nombre} ${hit.autor.apellido}` : t('messageTerms.erased');
  return (
    <li>
      <Link to={`/messages/${hit.conversacionId}`} className="block rounded-xl py-3 hover:bg-sand-50">
        <span className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-ink">{hit.asunto}</span>
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">{t(`messageTerms.topics.${hit.tema}`)}</span>
          {hit.tipo !== 'normal' && (
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${hit.tipo === 'emergencia' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'}`}>
              {t(`messageTerms.types.${hit.tipo}`)}
            </span>
          )}
          {family && <span className="text-xs text-muted">{family}</span>}
        </span>
        {/* A message the reader's shield folds comes without an excerpt, until they open it. */}
        <span className="mt-1 block text-ink">
          {hit.plegado ? <span className="italic text-muted">{t('search.messages.folded')}</span> : <Highlighted text={hit.fragmento} query={query} />}
        </span>
        <span className="mt-1 block text-xs text-muted">
          {author} ·{' '}
          <time dateTime={hit.enviadoAt}>
            {formatDay(sent, locale, { day: 'numeric', month: 'short', year: 'numeric' })} {formatTime(sent, locale)}
          </time>
        </span>
      </Link>
    </li>
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function MessageFiltersForm({ filters, families, onApply }: { filters: MessageFilters; families: Family[]; onApply: (filters: MessageFilters) => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<'desde' | 'hasta', string>>>({});
  // The date fields tell their value (YYYY-MM-DD once understood) through onChange.
  const [dates, setDates] = useState({ desde: filters.desde, hasta: filters.hasta });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (key: 'familiaId' | 'tema') => String(data.get(key) ?? '').trim();
    const next: MessageFilters = { familiaId: value('familiaId'), tema: topicOf(value('tema')), desde: dates.desde.trim(), hasta: dates.hasta.trim() };
    const found: typeof errors = {};
    for (const key of ['desde', 'hasta'] as const) {
      if (next[key] && !ISO_DATE.test(next[key])) found[key] = t('search.filters.badDate');
    }
    if (!found.desde && !found.hasta && next.desde && next.hasta && next.desde > next.hasta) found.hasta = t('search.filters.badRange');
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(next);
  };
  const active = [filters.familiaId, filters.tema, filters.desde, filters.hasta].filter(Boolean).length;
  // Folded until used, so that on a phone the results come first; open while any filter applies.
  return (
    <details open={active > 0 || undefined} className="group">
      <summary className="cursor-pointer py-1 text-sm font-medium text-brand-700 hover:underline">
        {active > 0 ? t('search.filters.active', { count: active }) : t('search.filters.label')}
      </summary>
      <form onSubmit={submit} aria-label={t('search.filters.label')} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {families.length > 1 && (
          <SelectField
            name="familiaId"
            label={t('search.filters.family')}
            defaultValue={filters.familiaId}
            options={[{ value: '', label: t('search.filters.anyFamily') }, ...families.map((f) => ({ value: f._id, label: f.nombre }))]}
          />
        )}
        <SelectField
          name="tema"
          label={t('search.filters.topic')}
          defaultValue={filters.tema}
          options={[{ value: '', label: t('search.filters.anyTopic') }, ...topicValues.map((topic) => ({ value: topic, label: t(`messageTerms.topics.${topic}`) }))]}
        />
        <TextField type="date" label={t('search.filters.from')} defaultValue={filters.desde} error={errors.desde} onChange={(e) => setDates((d) => ({ ...d, desde: e.target.value }))} />
        <TextField type="date" label={t('search.filters.to')} defaultValue={filters.hasta} error={errors.hasta} onChange={(e) => setDates((d) => ({ ...d, hasta: e.target.value }))} />
        <div className={`flex items-end sm:col-span-2 ${families.length > 1 ? 'lg:col-span-4' : 'lg:col-span-1'}`}>
          <Button type="submit" variant="secondary">
            {t('search.filters.apply')}
          </Button>
        </div>
      </form>
    </details>
  );
}
