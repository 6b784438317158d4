import { z } from 'zod';
import { noticeKindValues, summaryFrequencyValues } from '../../api/schema';
import type { TFunction } from '../../i18n';
import type { Preferences, PreferencesInput } from './preferencesApi';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** How often the summary mail goes out. */
const summary = z.enum(summaryFrequencyValues);

/** The preferences form: a switch pair per kind, quiet hours (on, from, to), discreet mode, summary. */
export const preferencesSchema = (t: TFunction) =>
  z
    .object({
      tipos: z.array(z.object({ tipo: z.enum(noticeKindValues), email: z.boolean(), push: z.boolean() })),
      quiet: z.boolean(),
      desde: z.string(),
      hasta: z.string(),
      discreto: z.boolean(),
      resumen: summary,
    })
    .superRefine((v, ctx) => {
      if (!v.quiet) return;
      for (const field of ['desde', 'hasta'] as const) {
        if (!TIME_OF_DAY.test(v[field])) ctx.addIssue({ code: 'custom', path: [field], message: t('notificationSettings.quiet.timeInvalid') });
      }
      if (TIME_OF_DAY.test(v.desde) && v.desde === v.hasta) {
        ctx.addIssue({ code: 'custom', path: ['hasta'], message: t('notificationSettings.quiet.sameTimes') });
      }
    });

export type PreferencesValues = z.infer<ReturnType<typeof preferencesSchema>>;

/** Quiet hours suggested when they are turned on for the first time. */
const SUGGESTED = { desde: '22:00', hasta: '07:00' };

export function valuesOf(preferences: Preferences): PreferencesValues {
  return {
    tipos: preferences.tipos.map(({ tipo, email, push }) => ({ tipo, email, push })),
    quiet: preferences.silencio != null,
    desde: preferences.silencio?.desde ?? SUGGESTED.desde,
    hasta: preferences.silencio?.hasta ?? SUGGESTED.hasta,
    discreto: preferences.discreto,
    resumen: preferences.resumen,
  };
}

/** The PUT body: every kind, and quiet hours only when they are on. */
export function inputOf(values: PreferencesValues): PreferencesInput {
  return {
    tipos: values.tipos.map(({ tipo, email, push }) => ({ tipo, email, push })),
    silencio: values.quiet ? { desde: values.desde, hasta: values.hasta } : null,
    discreto: values.discreto,
    resumen: values.resumen,
  };
}
