import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation, type TFunction } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { TextArea } from '../../components/TextArea';
import { formFailure } from '../../lib/serverErrors';
import { Temporal } from 'temporal-polyfill';
import { useCreateEvent, useDeleteEvent, useStoredEvent, useUpdateEvent } from './api';
import { hasStarted, wallClock } from './display';
import { fromRRule, NO_REPEAT, toRRule, type Repeat } from './recurrence';
import { describeRepeat, RecurrenceBuilder } from './RecurrenceBuilder';
import { ScopeDialog } from './ScopeDialog';
import { eventCategoryValues, eventTypeValues } from '../../api/schema';
import { DEFAULT_REMINDERS, MAX_REMINDERS, REMINDERS, type EventInput, type Occurrence, type Scope, type StoredEvent } from './types';

export interface ChildOption {
  id: string;
  name: string;
}

interface Props {
  familiaId: string;
  zone: string;
  childOptions: ChildOption[];
  /** The occurrence being edited, or null to create one. */
  occurrence: Occurrence | null;
  /** Where a new event starts (a day, and a time when picked on the week grid). */
  initial: { date: string; time?: string | undefined };
  /** A viewer's look at an event: everything shown, nothing to change. */
  readOnly?: boolean;
  onClose: () => void;
}

const schema = (t: TFunction) =>
  z
    .object({
      titulo: z.string().trim().min(1, t('calendar.form.errors.title')).max(200, t('calendar.form.errors.titleLong')),
      tipo: z.enum(eventTypeValues),
      categoria: z.enum(eventCategoryValues),
      todoElDia: z.boolean(),
      fechaInicio: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, t('calendar.form.errors.date')),
      horaInicio: z.string(),
      fechaFin: z.string(),
      horaFin: z.string(),
      lugar: z.string().max(200),
      notas: z.string().max(5000),
      privado: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const time = /^\d{2}:\d{2}$/;
      if (!v.todoElDia && !time.test(v.horaInicio)) ctx.addIssue({ code: 'custom', path: ['horaInicio'], message: t('calendar.form.errors.time') });
      if (v.fechaFin && !/^\d{4}-\d{2}-\d{2}$/.test(v.fechaFin)) ctx.addIssue({ code: 'custom', path: ['fechaFin'], message: t('calendar.form.errors.date') });
      if (!v.todoElDia && v.horaFin && !time.test(v.horaFin)) ctx.addIssue({ code: 'custom', path: ['horaFin'], message: t('calendar.form.errors.time') });
      const start = `${v.fechaInicio}T${v.todoElDia ? '00:00' : v.horaInicio}`;
      const end = v.fechaFin || v.horaFin ? `${v.fechaFin || v.fechaInicio}T${v.todoElDia ? '00:00' : v.horaFin || '00:00'}` : '';
      if (end && end < start) ctx.addIssue({ code: 'custom', path: ['fechaFin'], message: t('calendar.form.errors.endBeforeStart') });
    });

type Values = z.infer<ReturnType<typeof schema>>;

const asDateTime = (local: string) => Temporal.PlainDateTime.from(local.length === 10 ? `${local}T00:00:00` : local);
const asLocal = (at: Temporal.PlainDateTime, allDay: boolean) => (allDay ? at.toPlainDate().toString() : at.toString({ smallestUnit: 'second' }));

/**
 * A change to the whole series, made on one of its occurrences: the series' first start moves by
 * as much as the occurrence was moved, and keeps the length the form gives.
 */
export function seriesTimes(stored: Pick<StoredEvent, 'inicio'>, ocurrencia: string, inicio: string, fin: string | null | undefined, allDay: boolean) {
  const moved = asDateTime(ocurrencia).until(asDateTime(inicio));
  const start = asDateTime(stored.inicio).add(moved);
  const end = fin ? start.add(asDateTime(inicio).until(asDateTime(fin))) : null;
  return { inicio: asLocal(start, allDay), fin: end ? asLocal(end, allDay) : null };
}

function defaults(occurrence: Occurrence | null, initial: Props['initial'], zone: string): Values {
  if (!occurrence) {
    const hour = initial.time ?? '17:00';
    const [h, m] = hour.split(':').map(Number);
    const endHour = `${String(Math.min(23, (h ?? 17) + 1)).padStart(2, '0')}:${String(m ?? 0).padStart(2, '0')}`;
    return {
      titulo: '',
      tipo: 'actividad',
      categoria: 'actividades',
      todoElDia: false,
      fechaInicio: initial.date,
      horaInicio: hour,
      fechaFin: '',
      horaFin: endHour,
      lugar: '',
      notas: '',
      privado: false,
    };
  }
  const start = wallClock(occurrence.inicio, zone);
  const end = occurrence.fin ? wallClock(occurrence.fin, zone) : '';
  return {
    titulo: occurrence.titulo,
    tipo: eventTypeValues.find((type) => type === occurrence.tipo) ?? 'personalizado',
    categoria: eventCategoryValues.find((category) => category === occurrence.categoria) ?? 'actividades',
    todoElDia: occurrence.todoElDia,
    fechaInicio: start.slice(0, 10),
    horaInicio: occurrence.todoElDia ? '' : start.slice(11, 16),
    fechaFin: end && end.slice(0, 10) !== start.slice(0, 10) ? end.slice(0, 10) : '',
    horaFin: occurrence.todoElDia || !end ? '' : end.slice(11, 16),
    lugar: occurrence.lugar ?? '',
    notas: occurrence.notas ?? '',
    privado: occurrence.privado,
  };
}

/**
 * Creating or editing an event. A repeating event asks which occurrences a change reaches; an
 * event that has started keeps everything but its notes, as it is now part of what happened.
 */
export function EventDialog({ familiaId, zone, childOptions, occurrence, initial, readOnly = false, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const create = useCreateEvent();
  const stored = useStoredEvent(occurrence?.eventoId ?? null);
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const started = occurrence !== null && hasStarted(occurrence);
  const repeating = Boolean(occurrence?.recurrencia);
  const eventZone = occurrence?.zonaHoraria ?? zone;
  const readBack = occurrence ? fromRRule(occurrence.recurrencia, eventZone) : NO_REPEAT;
  const [repeat, setRepeat] = useState<Repeat>(readBack ?? NO_REPEAT);
  const [children, setChildren] = useState<string[]>(occurrence?.hijos ?? []);
  const [reminders, setReminders] = useState<number[]>(occurrence?.recordatorios ?? DEFAULT_REMINDERS);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<null | { action: 'save'; values: Values } | { action: 'delete' }>(null);

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema(t)), defaultValues: defaults(occurrence, initial, eventZone) });
  const allDay = useWatch({ control, name: 'todoElDia' });
  const startDate = useWatch({ control, name: 'fechaInicio' });
  const busy = create.isPending || update.isPending || remove.isPending;

  const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

  const bodyOf = (v: Values, scope: Scope): EventInput => {
    const inicio = v.todoElDia ? v.fechaInicio : `${v.fechaInicio}T${v.horaInicio}:00`;
    const hasEnd = v.fechaFin !== '' || (!v.todoElDia && v.horaFin !== '');
    const fin = !hasEnd ? null : v.todoElDia ? v.fechaFin || v.fechaInicio : `${v.fechaFin || v.fechaInicio}T${v.horaFin || v.horaInicio}:00`;
    // A rule the builder cannot show is kept exactly as it was.
    const recurrencia = readBack === null && occurrence ? (occurrence.recurrencia ?? null) : toRRule(repeat, v.fechaInicio, eventZone);
    const times = occurrence && stored.data && scope === 'todas' ? seriesTimes(stored.data, occurrence.ocurrencia, inicio, fin, v.todoElDia) : { inicio, fin };
    return {
      familiaId,
      ...times,
      excepciones: stored.data?.excepciones ?? [],
      fechasExtra: stored.data?.fechasExtra ?? [],
      titulo: v.titulo.trim(),
      tipo: v.tipo,
      categoria: v.categoria,
      todoElDia: v.todoElDia,
      zonaHoraria: eventZone,
      recurrencia,
      hijos: children,
      lugar: v.lugar.trim() || null,
      notas: v.notas.trim() || null,
      privado: v.privado,
      recordatorios: [...reminders].sort((a, b) => b - a),
    };
  };

  const fail = (err: unknown) =>
    setFailure(formFailure(err, setError, { titulo: 'titulo', inicio: 'fechaInicio', fin: 'fechaFin', lugar: 'lugar', notas: 'notas' }, t('calendar.errors.save')));

  const save = async (v: Values, scope: Scope) => {
    setFailure(null);
    try {
      const body = bodyOf(v, scope);
      if (occurrence) await update.mutateAsync({ id: occurrence.eventoId, body, scope, ocurrencia: occurrence.ocurrencia });
      else await create.mutateAsync(body);
      onClose();
    } catch (err) {
      fail(err);
    }
  };

  const onSubmit = handleSubmit((v) => {
    // Notes of a started occurrence are that occurrence's own.
    if (occurrence && repeating && !started) setAsking({ action: 'save', values: v });
    else void save(v, started && repeating ? 'una' : 'todas');
  });

  const destroy = async (scope: Scope) => {
    if (!occurrence) return;
    setFailure(null);
    try {
      await remove.mutateAsync({ id: occurrence.eventoId, scope, ocurrencia: occurrence.ocurrencia });
      onClose();
    } catch (err) {
      fail(err);
    }
  };

  const locked = started || readOnly;
  const reminderLabel = (minutes: number) =>
    minutes % 10080 === 0
      ? t('calendar.reminders.weeks', { count: minutes / 10080 })
      : minutes % 1440 === 0
        ? t('calendar.reminders.days', { count: minutes / 1440 })
        : minutes % 60 === 0
          ? t('calendar.reminders.hours', { count: minutes / 60 })
          : t('calendar.reminders.minutes', { count: minutes });

  return (
    <Modal open onClose={onClose} title={readOnly ? t('calendar.form.viewTitle') : occurrence ? t('calendar.form.editTitle') : t('calendar.form.newTitle')} locked={busy}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        {locked && <Alert kind="info">{readOnly ? t('calendar.form.readOnly') : t('calendar.form.locked')}</Alert>}
        {failure && <Alert>{failure}</Alert>}
        <fieldset disabled={locked} className="space-y-4">
          <TextField label={t('calendar.form.title')} error={errors.titulo?.message} autoComplete="off" {...register('titulo')} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label={t('calendar.form.type')} options={eventTypeValues.map((v) => ({ value: v, label: t(`calendar.types.${v}`) }))} {...register('tipo')} />
            <SelectField label={t('calendar.form.category')} options={eventCategoryValues.map((v) => ({ value: v, label: t(`calendar.categories.${v}`) }))} {...register('categoria')} />
          </div>
          <label className="flex items-center gap-2 text-sm font-medium text-ink">
            <input type="checkbox" {...register('todoElDia')} />
            {t('calendar.form.allDay')}
          </label>
          <div className="grid grid-cols-2 gap-3">
            <TextField label={t('calendar.form.startDate')} type="date" error={errors.fechaInicio?.message} {...register('fechaInicio')} />
            {!allDay && <TextField label={t('calendar.form.startTime')} type="time" error={errors.horaInicio?.message} {...register('horaInicio')} />}
            <TextField label={t('calendar.form.endDate')} type="date" hint={t('calendar.form.endDateHint')} error={errors.fechaFin?.message} {...register('fechaFin')} />
            {!allDay && <TextField label={t('calendar.form.endTime')} type="time" error={errors.horaFin?.message} {...register('horaFin')} />}
          </div>
          {readBack === null && occurrence ? (
            <p className="rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink">{t('calendar.repeat.custom')}</p>
          ) : (
            <RecurrenceBuilder value={repeat} onChange={setRepeat} start={startDate || initial.date} />
          )}
          {childOptions.length > 0 && (
            <fieldset>
              <legend className="text-sm font-medium text-ink">{t('calendar.form.children')}</legend>
              <div className="mt-1.5 flex flex-wrap gap-3">
                {childOptions.map((c) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" checked={children.includes(c.id)} onChange={() => setChildren(toggle(children, c.id))} />
                    {c.name}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <TextField label={t('calendar.form.place')} error={errors.lugar?.message} autoComplete="off" {...register('lugar')} />
        </fieldset>
        <TextArea label={t('calendar.form.notes')} error={errors.notas?.message} readOnly={readOnly} {...register('notas')} />
        <fieldset disabled={locked} className="space-y-4">
          <label className="flex items-start gap-2 text-sm text-ink">
            <input type="checkbox" className="mt-0.5" {...register('privado')} />
            <span>
              <span className="font-medium">{t('calendar.form.private')}</span>
              <span className="block text-muted">{t('calendar.form.privateHint')}</span>
            </span>
          </label>
          <fieldset>
            <legend className="text-sm font-medium text-ink">{t('calendar.form.reminders')}</legend>
            <div className="mt-1.5 flex flex-wrap gap-3">
              {REMINDERS.map((m) => (
                <label key={m} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={reminders.includes(m)}
                    disabled={!reminders.includes(m) && reminders.length >= MAX_REMINDERS}
                    onChange={() => setReminders(toggle(reminders, m))}
                  />
                  {reminderLabel(m)}
                </label>
              ))}
            </div>
          </fieldset>
        </fieldset>
        {occurrence && readBack && repeating && (
          <p className="text-sm text-muted">{t('calendar.form.partOfSeries', { rule: describeRepeat(readBack, t, i18n.language) })}</p>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
          <div>
            {occurrence && !locked && (
              <Button type="button" variant="ghost" className="text-red-700" disabled={busy} onClick={() => (repeating ? setAsking({ action: 'delete' }) : void destroy('todas'))}>
                {t('calendar.form.delete')}
              </Button>
            )}
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              {readOnly ? t('common.close') : t('common.cancel')}
            </Button>
            {!readOnly && (
              <Button type="submit" busy={busy} disabled={occurrence !== null && stored.isLoading}>
                {locked ? t('calendar.form.saveNotes') : t('common.save')}
              </Button>
            )}
          </div>
        </div>
      </form>
      {asking && (
        <ScopeDialog
          action={asking.action}
          onCancel={() => setAsking(null)}
          onChoose={(scope) => {
            const pending = asking;
            setAsking(null);
            if (pending.action === 'save') void save(pending.values, scope);
            else void destroy(scope);
          }}
        />
      )}
    </Modal>
  );
}
