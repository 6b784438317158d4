import { useEffect, useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../i18n';
import { api, ApiError, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { authorityName, formatDate, formatDateTime } from '../../../lib/format';
import { useHydrated } from '../../../lib/useHydrated';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';

type Verification = components['schemas']['ReportVerification'];

type Outcome = { kind: 'checked'; verification: Verification } | { kind: 'unknown' } | { kind: 'error'; message: string };

/** What a check ended in: an answer, no report under that code, or a failure to ask. */
async function outcomeOf(check: Promise<Verification>, fallback: string): Promise<Outcome> {
  try {
    return { kind: 'checked', verification: await check };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { kind: 'unknown' };
    return { kind: 'error', message: err instanceof Error ? err.message : fallback };
  }
}

function checkCode(codigo: string, fallback: string): Promise<Outcome> {
  return outcomeOf(
    unwrap(api.GET('/api/verificar/{codigo}', { params: { path: { codigo: codigo.trim() } } }), fallback).then((a) => a.data),
    fallback,
  );
}

function checkFile(pdf: File, fallback: string): Promise<Outcome> {
  const form = new FormData();
  form.append('archivo', pdf);
  return outcomeOf(
    unwrap(api.POST('/api/verificar', { body: { archivo: '' }, bodySerializer: () => form }), fallback).then((a) => a.data),
    fallback,
  );
}

/** /verificar and /verify: anyone checks a certified report by its code or by the file, with no account. */
export default function VerifyPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  usePageMeta(t('verify.title'), t('verify.lead'));
  const id = useId();
  const params = useParams();
  // Both fields are read from the form when it is sent: what was chosen or typed before the
  // prerendered page came alive is kept.
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = (check: Promise<Outcome>) => {
    setBusy(true);
    setOutcome(null);
    void check.then((result) => {
      setOutcome(result);
      setBusy(false);
    });
  };
  const byCode = (value: string) => run(checkCode(value, t('verify.failed')));
  const byFile = (pdf: File) => run(checkFile(pdf, t('verify.failed')));

  // A link with the code in it checks at once.
  const linked = params.codigo;
  useEffect(() => {
    if (!linked) return;
    let current = true;
    void checkCode(linked, t('verify.failed')).then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [linked, t]);

  const submitCode = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = new FormData(e.currentTarget).get('codigo');
    if (typeof code === 'string' && code.trim() !== '') byCode(code);
  };
  const submitFile = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const pdf = new FormData(e.currentTarget).get('archivo');
    if (pdf instanceof File && pdf.size > 0) byFile(pdf);
  };

  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <PageHeader title={t('verify.title')} lead={t('verify.lead')} />
      <div className="grid gap-6 md:grid-cols-2">
        <form onSubmit={submitFile} className="space-y-3 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5" aria-labelledby={`${id}-file`}>
          <h2 id={`${id}-file`} className="text-lg font-semibold text-ink">
            {t('verify.byFile')}
          </h2>
          <p className="text-sm text-muted">{t('verify.byFileHint')}</p>
          <label className="block text-sm font-medium text-ink" htmlFor={`${id}-pdf`}>
            {t('verify.file')}
          </label>
          <input
            id={`${id}-pdf`}
            name="archivo"
            type="file"
            accept="application/pdf,.pdf"
            required
            className="block w-full text-sm text-ink file:mr-3 file:rounded-xl file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
          />
          <Button type="submit" busy={busy} disabled={!hydrated}>
            {t('verify.checkFile')}
          </Button>
        </form>
        <form onSubmit={submitCode} className="space-y-3 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5" aria-labelledby={`${id}-code`}>
          <h2 id={`${id}-code`} className="text-lg font-semibold text-ink">
            {t('verify.byCode')}
          </h2>
          <p className="text-sm text-muted">{t('verify.byCodeHint')}</p>
          <TextField label={t('verify.code')} name="codigo" defaultValue={params.codigo ?? ''} required autoComplete="off" spellCheck={false} placeholder="XXXX-XXXX-XXXX-XXXX" />
          <Button type="submit" busy={busy} disabled={!hydrated}>
            {t('verify.checkCode')}
          </Button>
        </form>
      </div>
      <div className="mt-8" aria-live="polite">
        {outcome?.kind === 'error' && <Alert>{outcome.message}</Alert>}
        {outcome?.kind === 'unknown' && (
          <section className="rounded-3xl border border-red-200 bg-red-50 p-6">
            <h2 className="text-lg font-semibold text-red-800">{t('verify.invalid')}</h2>
            <p className="mt-1 text-red-800">{t('verify.unknownCode')}</p>
          </section>
        )}
        {outcome?.kind === 'checked' && <Result verification={outcome.verification} language={language} />}
      </div>
    </main>
  );
}

function Result({ verification: v, language }: { verification: Verification; language: string }) {
  const { t } = useTranslation();
  if (!v.valido) {
    return (
      <section className="rounded-3xl border border-red-200 bg-red-50 p-6">
        <h2 className="text-lg font-semibold text-red-800">{t('verify.invalid')}</h2>
        <p className="mt-1 text-red-800">{v.explicacion}</p>
      </section>
    );
  }
  return (
    <section className="rounded-3xl border border-brand-200 bg-brand-50 p-6">
      <h2 className="text-lg font-semibold text-brand-800">{t('verify.valid')}</h2>
      <p className="mt-1 text-ink">
        {t('verify.validText', {
          emitido: v.emitidoAt ? formatDateTime(v.emitidoAt, language, { date: 'long' }) : '—',
          desde: v.desde ? formatDate(v.desde, language) : '—',
          hasta: v.hasta ? formatDate(v.hasta, language) : '—',
        })}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('verify.code')}</dt>
        <dd className="font-mono text-ink">{v.codigo}</dd>
        <dt className="text-muted">{t('verify.sections')}</dt>
        <dd className="text-ink">{v.secciones.map((s) => t(`verify.section.${s}`)).join(' · ')}</dd>
        <dt className="text-muted">{t('verify.pages')}</dt>
        <dd className="text-ink">{v.paginas ?? '—'}</dd>
        <dt className="text-muted">{t('verify.signature')}</dt>
        <dd className="text-ink">{v.firma ? (v.firma.valida ? t('verify.signatureValid', { algoritmo: v.firma.algoritmo }) : t('verify.signatureInvalid')) : t('verify.noFile')}</dd>
        <dt className="text-muted">{t('verify.stamp')}</dt>
        <dd className="text-ink">
          {v.sello?.valido && v.sello.momento
            ? t('verify.stampValid', { autoridad: authorityName(v.sello.autoridad), momento: formatDateTime(v.sello.momento, language, { date: 'long' }) })
            : t('verify.stampNone')}
        </dd>
      </dl>
    </section>
  );
}
