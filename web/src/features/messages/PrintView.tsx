import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { VERIFY_TEXT } from './verifyText';
import { sha256Hex, type PrintData, type PrintEntry, type PrintMessage, type PrintRange } from './printApi';
import { browserZone, formatDate, formatInstant } from '../../lib/format';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range form and the Print button: on screen only. */
export function RangeForm({
  range,
  conversationId,
  onApply,
  canPrint,
}: {
  range: PrintRange;
  conversationId: string;
  onApply: (range: PrintRange) => void;
  canPrint: boolean;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  // The date fields tell their value (YYYY-MM-DD once understood) through onChange.
  const [dates, setDates] = useState(range);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const desde = dates.desde.trim();
    const hasta = dates.hasta.trim();
    if ((desde && !ISO_DATE.test(desde)) || (hasta && !ISO_DATE.test(hasta))) return setError(t('print.range.badDate'));
    if (desde && hasta && desde > hasta) return setError(t('print.range.badRange'));
    setError(null);
    onApply({ desde, hasta });
  };
  return (
    <div className="print:hidden">
      <Link to={`/messages/${conversationId}`} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('print.back')}
      </Link>
      <form onSubmit={submit} aria-label={t('print.range.label')} className="mt-4 grid items-end gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:grid-cols-[1fr_1fr_auto_auto]">
        <TextField type="date" label={t('print.range.from')} defaultValue={range.desde} onChange={(e) => setDates((d) => ({ ...d, desde: e.target.value }))} />
        <TextField type="date" label={t('print.range.to')} defaultValue={range.hasta} error={error ?? undefined} onChange={(e) => setDates((d) => ({ ...d, hasta: e.target.value }))} />
        <Button type="submit" variant="secondary">
          {t('print.range.apply')}
        </Button>
        <Button type="button" onClick={() => window.print()} disabled={!canPrint}>
          {t('print.print')}
        </Button>
      </form>
      <p className="mt-2 text-sm text-muted">{t('print.range.hint')}</p>
    </div>
  );
}

const fullName = (person: { nombre: string; apellido: string } | null | undefined, erased: string) => (person ? `${person.nombre} ${person.apellido}`.trim() : erased);

function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // A 24-hour clock with seconds in both languages: a record is read closely, and "a. m." is easy to miss on paper.
  const dateTime = (iso: string) => formatInstant(iso, language, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const date = (ymd: string) => formatDate(ymd, language, { day: '2-digit', month: '2-digit', year: 'numeric' });
  return { dateTime, date };
}

function sizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** For each message and viewer, the seq of the record entry that wrote their first view. */
export function viewEntries(entries: PrintEntry[]): Map<string, number> {
  const seqs = new Map<string, number>();
  for (const entry of entries) {
    const content = entry.contenido;
    if (!content || typeof content.usuario !== 'string' || !Array.isArray(content.mensajes)) continue;
    for (const message of content.mensajes) {
      if (typeof message === 'string') seqs.set(`${message}/${content.usuario}`, entry.seq);
    }
  }
  return seqs;
}

/** Whether the text's SHA-256 is the `textoSha256` of its entry: checked in this browser, shown beside it. */
function useTextCheck(text: string, expected: string | undefined): boolean | null {
  const [result, setResult] = useState<boolean | null>(null);
  useEffect(() => {
    let alive = true;
    if (expected && typeof crypto !== 'undefined' && crypto.subtle) {
      sha256Hex(text).then(
        (hash) => alive && setResult(hash === expected),
        () => alive && setResult(null),
      );
    }
    return () => {
      alive = false;
    };
  }, [text, expected]);
  return expected ? result : null;
}

export function PrintView({ data, range }: { data: PrintData; range: PrintRange }) {
  const { t } = useTranslation();
  const { dateTime, date } = useFormat();
  const erased = t('messageTerms.erased');
  const entries = new Map(data.registro.entradas.map((entry) => [entry.seq, entry]));
  const views = viewEntries(data.registro.entradas);
  const people = new Map(data.conversacion.participantes.map((p) => [p._id, fullName(p, erased)]));
  const rangeText =
    range.desde && range.hasta
      ? t('print.rangeBetween', { from: date(range.desde), to: date(range.hasta) })
      : range.desde
        ? t('print.rangeFrom', { from: date(range.desde) })
        : range.hasta
          ? t('print.rangeTo', { to: date(range.hasta) })
          : t('print.rangeAll');

  return (
    <article className="print-sheet mt-6 rounded-3xl bg-white p-5 text-ink shadow-sm ring-1 ring-black/5 sm:p-8 print:mt-0 print:rounded-none print:p-0 print:shadow-none print:ring-0">
      <header className="border-b border-sand-200 pb-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">{t('print.heading')}</p>
        <h1 className="mt-1 text-2xl font-bold">{data.conversacion.asunto}</h1>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{t('print.family')}</dt>
          <dd>{data.familia.nombre}</dd>
          <dt className="font-medium">{t('print.topic')}</dt>
          <dd>{t(`messageTerms.topics.${data.conversacion.tema}`)}</dd>
          <dt className="font-medium">{t('print.participants')}</dt>
          <dd>{data.conversacion.participantes.map((p) => fullName(p, erased)).join(', ')}</dd>
          <dt className="font-medium">{t('print.range.title')}</dt>
          <dd>
            {rangeText} · {t('print.count', { count: data.mensajes.length })}
          </dd>
          <dt className="font-medium">{t('print.generatedAt')}</dt>
          <dd>
            <time dateTime={data.generadaAt}>{dateTime(data.generadaAt)}</time>
          </dd>
          <dt className="font-medium">{t('print.zone')}</dt>
          <dd>{browserZone()}</dd>
        </dl>
      </header>

      {data.mensajes.length === 0 ? (
        <p className="py-6 text-muted">{t('print.none')}</p>
      ) : (
        <ol className="divide-y divide-sand-200">
          {data.mensajes.map((message) => (
            <PrintedMessage key={message._id} message={message} entry={entries.get(message.registro.seq)} views={views} people={people} />
          ))}
        </ol>
      )}

      <HowToVerify familyId={data.familia._id} />
    </article>
  );
}

function PrintedMessage({
  message,
  entry,
  views,
  people,
}: {
  message: PrintMessage;
  entry: PrintEntry | undefined;
  views: Map<string, number>;
  people: Map<string, string>;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const expected = typeof entry?.contenido?.textoSha256 === 'string' ? entry.contenido.textoSha256 : undefined;
  const textMatches = useTextCheck(message.texto, expected);
  return (
    <li className="break-inside-avoid py-4" data-testid="printed-message">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <span className="font-mono text-muted">#{message.numero}</span>
        <time dateTime={message.enviadoAt} className="font-medium">
          {dateTime(message.enviadoAt)}
        </time>
        <span className="font-semibold">{fullName(message.autor, t('messageTerms.erased'))}</span>
        <span className={message.tipo === 'normal' ? 'text-muted' : 'font-semibold uppercase'}>{t(`messageTerms.types.${message.tipo}`)}</span>
        {message.respondeA && <span className="text-muted">{t('print.replyTo', { numero: message.respondeA.numero })}</span>}
      </p>
      <p className="mt-2 whitespace-pre-wrap break-words">{message.texto}</p>
      {message.adjuntos.length > 0 && (
        <div className="mt-2 text-sm">
          <span className="font-medium">{t('print.attachments')}: </span>
          {message.adjuntos.map((a) => `${a.nombre} (${sizeLabel(a.tamano)})`).join(', ')}
        </div>
      )}
      <div className="mt-2 text-sm">
        <span className="font-medium">{t('print.views')}: </span>
        {message.vistas.length === 0
          ? t('print.noRecipients')
          : message.vistas
              .map((view) => {
                const who = people.get(view.usuarioId) ?? t('messageTerms.erased');
                if (!view.vistaAt) return t('print.notViewed', { who });
                const seq = views.get(`${message._id}/${view.usuarioId}`);
                return seq ? t('print.viewedEntry', { who, when: dateTime(view.vistaAt), seq }) : t('print.viewed', { who, when: dateTime(view.vistaAt) });
              })
              .join('; ')}
      </div>
      <dl className="mt-2 grid gap-x-3 text-xs text-muted sm:grid-cols-[auto_1fr]">
        <dt>{t('print.entry')}</dt>
        <dd className="font-mono">{message.registro.seq}</dd>
        <dt>{t('print.hash')}</dt>
        <dd className="break-all font-mono">{message.registro.hash}</dd>
        {expected && (
          <>
            <dt>{t('print.textHash')}</dt>
            <dd className="break-all font-mono">
              {expected}
              {textMatches !== null && <span className="ml-2 font-sans font-medium text-ink">{textMatches ? t('print.textMatches') : t('print.textDiffers')}</span>}
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

/** The closing section, in both languages whatever the page's (see verifyText.ts). */
function HowToVerify({ familyId }: { familyId: string }) {
  const { i18n } = useTranslation();
  const languages = i18n.language === 'en' ? (['en', 'es'] as const) : (['es', 'en'] as const);
  return (
    <section className="mt-6 break-inside-avoid border-t border-sand-200 pt-4 text-sm" aria-labelledby="how-to-verify">
      {languages.map((lang, index) => {
        const text = VERIFY_TEXT[lang];
        return (
          <div key={lang} lang={lang} className={index > 0 ? 'mt-4' : ''}>
            <h2 id={index === 0 ? 'how-to-verify' : undefined} className="text-base font-semibold">
              {text.title}
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              <li>{text.text}</li>
              <li>{text.chain}</li>
              <li>{text.family(familyId)}</li>
              <li>{text.keys}</li>
            </ol>
          </div>
        );
      })}
    </section>
  );
}
