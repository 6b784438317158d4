import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import { api, unwrap } from './client';
import type { components } from './schema';

/** The children the signed-in person may see, each with their record: several screens list or pick them. */
export type Child = components['schemas']['ChildView'];
export type Activity = components['schemas']['ActivityView'];
export type Appointment = components['schemas']['AppointmentView'];
export type Contact = components['schemas']['ContactView'];

export const childrenKey = ['children'] as const;

export function useChildren() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: childrenKey,
    queryFn: async () => (await unwrap(api.GET('/api/hijos'), t('children.errors.load'))).data,
  });
}
