import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { useLiveEvent } from '../../api/live';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate } from '../../lib/dates';
import { useQueryClient } from '@tanstack/react-query';
import type { Child } from './api';
import { ageOn } from './age';
import { ChildAvatar } from './ChildAvatar';
import { sortContacts } from './ContactsTab';
import { CARD_EXPIRIES, cardLinksKey, useCardLinks, useCreateCardLink, useRevokeCardLink, type CardExpiry, type CardLink } from './cardApi';
import { formatDateTime } from '../../lib/format';

/** The child's emergency card: a preview that prints alone, and (for co-parents) its share links. */
export function EmergencyCard({ child, canEdit }: { child: Child; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="emergency-card-title" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 md:col-span-2">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h2 id="emergency-card-title" className="text-lg font-semibold text-ink">
          {t('children.card.title')}
        </h2>
        <Button variant="secondary" onClick={printCard}>
          {t('children.card.print')}
        </Button>
      </div>
      <p className="mt-1 text-sm text-muted print:hidden">{t('children.card.intro')}</p>
      <CardPreview child={child} />
      {canEdit && <CardSharing childId={child._id} />}
    </section>
  );
}

/** Prints only the card: the body's class switches the print stylesheet (index.css) to it. */
function printCard() {
  document.body.classList.add('printing-card');
  const done = () => {
    document.body.classList.remove('printing-card');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

export function CardPreview({ child }: { child: Child }) {
  const { t, i18n } = useTranslation();
  const medical = child.informacionMedica;
  const contacts = sortContacts(child.contactosEmergencia);
  const doctor = medical.doctorPrimario;
  const notes = medical.notasMedicas?.trim();
  const list = (items: string[], alert = false) =>
    items.length === 0 ? (
      <p className="text-sm italic text-muted">{t('children.card.noneRecorded')}</p>
    ) : (
      <ul className={`list-disc pl-5 text-sm ${alert ? 'font-semibold text-red-800' : 'text-ink'}`}>
        {items.map((item) => (
          <li key={item} className="wrap-anywhere">
            {item}
          </li>
        ))}
      </ul>
    );
  return (
    <article data-testid="emergency-card" className="emergency-card mt-4 rounded-2xl border-2 border-red-700/70 p-4 text-ink">
      <p className="border-b-2 border-red-700 pb-1 text-xs font-bold uppercase tracking-wider text-red-700">{t('children.card.title')}</p>
      <div className="mt-3 flex items-center gap-4">
        <ChildAvatar child={child} size="lg" full />
        <div className="min-w-0">
          <h3 className="text-xl font-bold wrap-anywhere">
            {child.nombre} {child.apellido}
          </h3>
          <p className="text-sm text-muted">
            {formatDate(child.fechaNacimiento, i18n.language)} · {t('children.age', { count: ageOn(child.fechaNacimiento, new Date()) })}
          </p>
          <p className="mt-1 text-sm">
            {t('children.fields.bloodType')}:{' '}
            <strong className="rounded-md bg-red-50 px-2 text-red-800">{child.grupoSanguineo ?? t('children.card.notRecorded')}</strong>
          </p>
        </div>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className={notes ? 'sm:col-span-2' : undefined}>
          <dt className="text-xs font-semibold uppercase text-red-700">{t('children.medical.allergies')}</dt>
          <dd>{list(medical.alergias, true)}</dd>
        </div>
        {notes && (
          // Right after the allergies they often explain ("auto-injector in the backpack").
          <div className="sm:col-span-2">
            <dt className="text-xs font-semibold uppercase text-red-700">{t('children.medical.notes')}</dt>
            <dd className="whitespace-pre-line text-sm font-semibold text-ink wrap-anywhere">{notes}</dd>
          </div>
        )}
        <div>
          <dt className="text-xs font-semibold uppercase text-muted">{t('children.medical.medicines')}</dt>
          <dd>{list(medical.medicamentos)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-muted">{t('children.medical.conditions')}</dt>
          <dd>{list(medical.condicionesEspeciales)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-muted">{t('children.card.doctor')}</dt>
          <dd className="text-sm wrap-anywhere">
            {doctor.nombre || doctor.telefono ? (
              <>
                {doctor.nombre} {doctor.telefono && <a href={`tel:${doctor.telefono}`} className="font-semibold text-brand-700">{doctor.telefono}</a>}
              </>
            ) : (
              <span className="italic text-muted">{t('children.card.notRecorded')}</span>
            )}
          </dd>
        </div>
      </dl>
      <h4 className="mt-3 text-xs font-semibold uppercase text-muted">{t('children.card.contacts')}</h4>
      {contacts.length === 0 ? (
        <p className="text-sm italic text-muted">{t('children.contacts.empty')}</p>
      ) : (
        <ol className="list-decimal pl-5 text-sm">
          {contacts.map((c) => (
            <li key={c.id} className="wrap-anywhere">
              <strong>{c.nombre}</strong> <span className="text-muted">{c.relacion}</span> ·{' '}
              <a href={`tel:${c.telefono}`} className="font-semibold text-brand-700">
                {c.telefono}
              </a>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

function CardSharing({ childId }: { childId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const links = useCardLinks(childId, true);
  const create = useCreateCardLink(childId);
  const revoke = useRevokeCardLink(childId);
  const [expiry, setExpiry] = useState<CardExpiry>('week');
  const [made, setMade] = useState<CardLink | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<CardLink | null>(null);
  // An opening (or the other parent's change) shows at once.
  useLiveEvent('tarjetas', (data) => {
    if (data.hijoId === childId) void queryClient.invalidateQueries({ queryKey: cardLinksKey(childId) });
  });
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const copy = async () => {
    if (!made?.url) return;
    try {
      await navigator.clipboard.writeText(made.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="mt-5 border-t border-sand-200 pt-4 print:hidden">
      <h3 className="font-semibold text-ink">{t('children.card.share')}</h3>
      <p className="mt-1 text-sm text-muted">{t('children.card.shareIntro')}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium text-ink">
          {t('children.card.expiry')}
          <select
            className="mt-1 block rounded-xl border border-sand-300 bg-white px-3 py-2 text-sm"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as CardExpiry)}
          >
            {CARD_EXPIRIES.map((e) => (
              <option key={e.key} value={e.key}>
                {t(`children.card.expiries.${e.key}`)}
              </option>
            ))}
          </select>
        </label>
        <Button
          busy={create.isPending}
          onClick={() => {
            setCopied(false);
            create.mutate(expiry, { onSuccess: setMade });
          }}
        >
          {t('children.card.create')}
        </Button>
      </div>
      {create.error && (
        <div className="mt-3">
          <Alert>{create.error.message}</Alert>
        </div>
      )}
      {made?.url && (
        <div role="status" className="mt-3 rounded-2xl bg-brand-50 p-3 text-sm">
          <p className="font-semibold text-ink">{t('children.card.madeTitle')}</p>
          <p className="mt-1 text-muted">{t('children.card.madeBody', { date: when(made.venceAt) })}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <input readOnly aria-label={t('children.card.linkLabel')} value={made.url} className="min-w-0 flex-1 rounded-lg border border-sand-300 bg-white px-2 py-1.5 font-mono text-xs" onFocus={(e) => e.target.select()} />
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? t('children.card.copied') : t('children.card.copy')}
            </Button>
          </div>
        </div>
      )}
      <h4 className="mt-4 text-sm font-semibold text-ink">{t('children.card.liveLinks')}</h4>
      {links.isError && <Alert>{links.error.message}</Alert>}
      {links.data && links.data.length === 0 && <p className="mt-1 text-sm text-muted">{t('children.card.noLinks')}</p>}
      <ul className="mt-2 space-y-2">
        {links.data?.map((link) => (
          <li key={link._id} className="rounded-2xl bg-sand-50 p-3 text-sm ring-1 ring-sand-200">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-ink">{t('children.card.expires', { date: when(link.venceAt) })}</p>
                <p className="text-muted">
                  {t('children.card.madeBy', { name: link.creadoPor?.nombre ?? t('children.card.someone'), date: when(link.createdAt) })}
                </p>
              </div>
              <Button variant="ghost" className="text-red-700" onClick={() => setRevoking(link)}>
                {t('children.card.revoke')}
              </Button>
            </div>
            {link.aperturas.length === 0 ? (
              <p className="mt-1 text-muted">{t('children.card.notOpened')}</p>
            ) : (
              <div className="mt-1">
                <p className="font-medium text-ink">{t('children.card.openings', { count: link.aperturas.length })}</p>
                <ul className="text-muted">
                  {link.aperturas
                    .slice(-5)
                    .reverse()
                    .map((o) => (
                      <li key={o.at}>
                        {when(o.at)} · {o.navegador === '?' ? t('children.card.unknownBrowser') : o.navegador}
                      </li>
                    ))}
                </ul>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title={t('children.card.revokeTitle')}
        body={t('children.card.revokeBody')}
        confirmLabel={t('children.card.revoke')}
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking._id);
          if (made?._id === revoking._id) setMade(null);
        }}
        onClose={() => setRevoking(null)}
      />
    </div>
  );
}
