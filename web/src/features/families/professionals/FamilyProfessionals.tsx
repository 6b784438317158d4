import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { TextField } from '../../../components/Field';
import { SelectField } from '../../../components/SelectField';
import { Loading } from '../../../components/Spinner';
import { Disclosure, useDisclosure } from '../../../components/ui';
import { ApiError } from '../../../api/client';
import { areaValues, professionValues } from '../../../api/schema';
import { formatDate, formatDay } from '../../../lib/format';
import type { Family } from '../api';
import { useAccesses, useConsent, useEndAccess, useGrant, type Access, type AccessKind, type Area, type GrantInput, type Profession } from './api';
import { areaKey, kindKey, professionKey, scopeLine, stateKey, stateTone } from '../../../lib/professionals';

/** The family's professionals: every member sees who reads what and until when; co-parents grant, consent and end. */
export function FamilyProfessionals({ family, onDone }: { family: Family; onDone: (toastKey: string) => void }) {
  const { t } = useTranslation();
  const accesses = useAccesses(family._id);
  const grant = useGrant(family._id);
  const consent = useConsent(family._id);
  const end = useEndAccess(family._id);
  const form = useDisclosure(false);
  const me = family.miembros.find((m) => m.yo);
  const coparent = me?.permiso === 'coparent';

  let list;
  if (accesses.isLoading) list = <Loading />;
  else if (accesses.isError || !accesses.data)
    list = (
      <div className="space-y-3">
        <Alert>{accesses.error?.message ?? t('families.professionals.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void accesses.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else if (accesses.data.length === 0) list = <p className="text-sm text-muted">{t('families.professionals.none')}</p>;
  else
    list = (
      <ul className="space-y-3">
        {accesses.data.map((access) => (
          <AccessItem
            key={access._id}
            access={access}
            family={family}
            myId={me?.usuarioId ?? ''}
            coparent={coparent}
            onConsent={async () => {
              await consent.mutateAsync(access._id);
              onDone('families.professionals.consented');
            }}
            onEnd={async () => {
              await end.mutateAsync(access._id);
              onDone('families.professionals.ended');
            }}
          />
        ))}
      </ul>
    );

  return (
    <div className="space-y-4" data-testid="professionals">
      <p className="text-sm text-muted">{t('families.professionals.lead')}</p>
      {list}
      {coparent && (
        <Disclosure label={t('families.professionals.grant.title')} open={form.open} onToggle={form.toggle}>
          <GrantForm
            family={family}
            onGrant={(body) => grant.mutateAsync(body)}
            onGranted={() => {
              form.setOpen(false);
              onDone('families.professionals.grant.sent');
            }}
          />
        </Disclosure>
      )}
    </div>
  );
}

function AccessItem({
  access,
  family,
  myId,
  coparent,
  onConsent,
  onEnd,
}: {
  access: Access;
  family: Family;
  myId: string;
  coparent: boolean;
  onConsent: () => Promise<void>;
  onEnd: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const log = useDisclosure(false);
  const live = access.estado === 'activo' || access.estado === 'pendiente';
  const mayEnd = live && coparent && (access.tipo === 'de-familia' || access.otorgadoPor === myId);
  const mayConsent = live && access.faltanConsentimientos.includes(myId);
  const name = access.profesional ? `${access.profesional.nombre} ${access.profesional.apellido}`.trim() : access.email;
  const nameOf = (userId: string) => {
    const member = family.miembros.find((m) => m.usuarioId === userId);
    return member ? `${member.nombre} ${member.apellido}`.trim() : t('families.professionals.someone');
  };
  // Instants (until, ended) are shown as this device's day; scope and log days are the family's own.
  const dayOf = (instant: string) => formatDay(instant, i18n.language);
  const day = (ymd: string) => formatDate(ymd, i18n.language);

  const consent = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await onConsent();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('families.professionals.consentFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="rounded-2xl border border-sand-200 p-4" data-testid="professional-access">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold text-ink">{name}</p>
          <p className="text-sm text-muted">
            {t(professionKey(access.profesion))}
            <span aria-hidden="true"> · </span>
            {t(kindKey(access.tipo))}
          </p>
        </div>
        <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${stateTone(access.estado)}`}>{t(stateKey(access.estado))}</span>
      </div>
      <p className="mt-2 text-sm text-ink">{scopeLine(t, access.alcance, day)}</p>
      <p className="mt-1 text-sm text-muted">
        {access.terminadoAt
          ? t('families.professionals.endedOn', { date: dayOf(access.terminadoAt) })
          : t('families.professionals.until', { date: dayOf(access.venceAt) })}
        {access.otorgadoPor && (
          <>
            <span aria-hidden="true"> · </span>
            {t(access.tipo === 'de-familia' ? 'families.professionals.proposedBy' : 'families.professionals.grantedBy', { name: nameOf(access.otorgadoPor) })}
          </>
        )}
      </p>
      {live && access.tipo === 'de-familia' && access.faltanConsentimientos.length > 0 && (
        <p className="mt-1 text-sm text-amber-800">
          {t('families.professionals.waitingFor', { names: access.faltanConsentimientos.map(nameOf).join(', ') })}
        </p>
      )}
      {failure && (
        <div className="mt-3">
          <Alert>{failure}</Alert>
        </div>
      )}
      {(mayConsent || mayEnd) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {mayConsent && (
            <Button busy={busy} onClick={() => void consent()}>
              {t('families.professionals.consent')}
            </Button>
          )}
          {mayEnd && (
            <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)}>
              {t('families.professionals.end')}
            </Button>
          )}
        </div>
      )}
      {access.lecturas && (
        <div className="mt-2 border-t border-sand-200 pt-1">
          <Disclosure label={t('families.professionals.log.title', { count: access.lecturas.length })} open={log.open} onToggle={log.toggle}>
            {access.lecturas.length === 0 ? (
              <p className="text-sm text-muted">{t('families.professionals.log.none')}</p>
            ) : (
              <ul className="space-y-1 text-sm text-ink">
                {access.lecturas.map((reading) => (
                  <li key={`${reading.dia}-${reading.area}`}>
                    {t('families.professionals.log.line', { area: t(areaKey(reading.area)), date: day(reading.dia) })}
                  </li>
                ))}
              </ul>
            )}
          </Disclosure>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('families.professionals.endDialog.title', { name })}
        body={t('families.professionals.endDialog.body', { name })}
        confirmLabel={t('families.professionals.end')}
        onConfirm={onEnd}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}

const inDays = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};

type Errors = Partial<Record<'email' | 'profesion' | 'tipo' | 'areas' | 'desde' | 'hasta' | 'venceAt', string>>;

const SERVER_FIELDS: Record<string, keyof Errors> = {
  email: 'email',
  profesion: 'profesion',
  tipo: 'tipo',
  alcance: 'areas',
  'alcance.areas': 'areas',
  'alcance.desde': 'desde',
  'alcance.hasta': 'hasta',
  venceAt: 'venceAt',
};

/** Give a professional access: who, what they do, for whom, to which areas and period, until when. */
function GrantForm({ family, onGrant, onGranted }: { family: Family; onGrant: (body: GrantInput) => Promise<unknown>; onGranted: () => void }) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [profesion, setProfesion] = useState<Profession>('abogado');
  const [tipo, setTipo] = useState<AccessKind>('de-parte');
  const [areas, setAreas] = useState<Area[]>(['mensajes']);
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [vence, setVence] = useState(() => inDays(90));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggleArea = (area: Area) => setAreas((chosen) => (chosen.includes(area) ? chosen.filter((a) => a !== area) : [...chosen, area]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const local: Errors = {};
    if (!email.trim()) local.email = t('families.professionals.grant.emailRequired');
    if (areas.length === 0) local.areas = t('families.professionals.grant.areasRequired');
    if (!vence) local.venceAt = t('families.professionals.grant.expiresRequired');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      // The access lasts to the end of the day chosen, in this device's clock.
      const venceAt = new Date(`${vence}T23:59:00`).toISOString();
      await onGrant({
        email: email.trim().toLowerCase(),
        profesion,
        tipo,
        alcance: { areas, desde: desde || null, hasta: hasta || null },
        venceAt,
        idioma: i18n.language === 'en' ? 'en' : 'es',
      });
      setEmail('');
      onGranted();
    } catch (err) {
      if (err instanceof ApiError) {
        const named: Errors = {};
        for (const [field, message] of Object.entries(err.fields)) {
          const target = SERVER_FIELDS[field];
          if (target) named[target] = message;
        }
        setErrors(named);
        if (Object.keys(named).length === 0) setFailure(err.message);
      } else setFailure(err instanceof Error ? err.message : t('families.professionals.grant.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate aria-label={t('families.professionals.grant.title')} onSubmit={(e) => void submit(e)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label={t('families.professionals.grant.email')}
        type="email"
        inputMode="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <SelectField
        label={t('families.professionals.grant.profession')}
        value={profesion}
        onChange={(e) => setProfesion(professionValues.find((p) => p === e.target.value) ?? 'otro')}
        options={professionValues.map((p) => ({ value: p, label: t(professionKey(p)) }))}
        error={errors.profesion}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">{t('families.professionals.grant.kind')}</legend>
        <div className="space-y-2">
          {(['de-parte', 'de-familia'] as const).map((kind) => (
            <label key={kind} className="flex items-start gap-3 rounded-xl border border-sand-200 p-3 text-sm">
              <input type="radio" name={`tipo-${family._id}`} value={kind} checked={tipo === kind} onChange={() => setTipo(kind)} className="mt-0.5 h-5 w-5 accent-brand-600" />
              <span>
                <span className="block font-medium text-ink">{t(kindKey(kind))}</span>
                <span className="block text-muted">{t(`families.professionals.grant.kindHelp.${kind}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset aria-describedby={errors.areas ? `areas-error-${family._id}` : undefined}>
        <legend className="mb-2 text-sm font-medium text-ink">{t('families.professionals.grant.areas')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {areaValues.map((area) => (
            <label key={area} className="flex items-center gap-3 text-sm text-ink">
              <input type="checkbox" checked={areas.includes(area)} onChange={() => toggleArea(area)} className="h-5 w-5 rounded border-gray-300 accent-brand-600" />
              {t(areaKey(area))}
            </label>
          ))}
        </div>
        {errors.areas && (
          <p id={`areas-error-${family._id}`} className="mt-1 text-sm text-red-700">
            {errors.areas}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('families.professionals.grant.from')}
          hint={t('families.professionals.grant.fromHint')}
          type="date"
          value={desde}
          onChange={(e) => setDesde(e.target.value)}
          error={errors.desde}
        />
        <TextField
          label={t('families.professionals.grant.to')}
          hint={t('families.professionals.grant.toHint')}
          type="date"
          value={hasta}
          onChange={(e) => setHasta(e.target.value)}
          error={errors.hasta}
        />
      </div>
      <TextField
        label={t('families.professionals.grant.expires')}
        hint={t('families.professionals.grant.expiresHint')}
        type="date"
        value={vence}
        onChange={(e) => setVence(e.target.value)}
        error={errors.venceAt}
      />
      <div className="flex justify-end">
        <Button type="submit" busy={busy}>
          {t('families.professionals.grant.submit')}
        </Button>
      </div>
    </form>
  );
}
