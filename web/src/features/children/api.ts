import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';
import { childrenKey, type Child } from '../../api/children';
import { calendarKey } from '../../api/queryKeys';

export { childrenKey, useChildren, type Activity, type Appointment, type Child, type Contact } from '../../api/children';
export type ChildInput = components['schemas']['ChildInput'];
export type NewChildInput = components['schemas']['NewChildInput'];
export type SchoolInput = components['schemas']['SchoolInput'];
export type MedicalInput = components['schemas']['MedicalInput'];
export type ActivityInput = components['schemas']['ActivityInput'];
export type AppointmentInput = components['schemas']['AppointmentInput'];
export type ContactInput = components['schemas']['ContactInput'];
export type DeletedChild = components['schemas']['DeletedChildView'];
export type Gender = components['schemas']['Gender'];
export type BloodType = components['schemas']['BloodType'];
export type Weekday = components['schemas']['Weekday'];
export type AppointmentStatus = components['schemas']['AppointmentStatus'];

export const childKey = (id: string) => [...childrenKey, id] as const;

export function useChild(id: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: childKey(id),
    queryFn: async () =>
      (await unwrap(api.GET('/api/hijos/{id}', { params: { path: { id } } }), t('children.errors.loadOne'))).data,
  });
}

/** After any change the server answers the whole child: put it in both caches. */
function useStoreChild() {
  const queryClient = useQueryClient();
  return (child: Child) => {
    queryClient.setQueryData(childKey(child._id), child);
    queryClient.setQueryData<Child[]>(childrenKey, (list) =>
      list ? (list.some((c) => c._id === child._id) ? list.map((c) => (c._id === child._id ? child : c)) : [...list, child]) : list,
    );
  };
}

export function useCreateChild() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewChildInput) => (await unwrap(api.POST('/api/hijos', { body }), t('children.errors.create'))).data,
    // Spec §4: creation reloads the whole list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childrenKey }),
  });
}

export function useUpdateChild(id: string, fallbackKey = 'children.errors.update') {
  const { t } = useTranslation();
  const store = useStoreChild();
  return useMutation({
    mutationFn: async (body: ChildInput) =>
      (await unwrap(api.PUT('/api/hijos/{id}', { params: { path: { id } }, body }), t(fallbackKey))).data,
    onSuccess: store,
  });
}

export const deletedChildrenKey = [...childrenKey, 'deleted'] as const;

export function useDeleteChild(id: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/hijos/{id}', { params: { path: { id } } }), t('children.errors.delete')),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: childKey(id) });
      queryClient.setQueryData<Child[]>(childrenKey, (list) => list?.filter((c) => c._id !== id));
      void queryClient.invalidateQueries({ queryKey: deletedChildrenKey });
    },
  });
}

/** Records deleted in the last 30 days that the user may bring back. */
export function useDeletedChildren() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: deletedChildrenKey,
    queryFn: async () => (await unwrap(api.GET('/api/hijos/eliminados'), t('children.errors.loadDeleted'))).data,
  });
}

export function useRestoreChild() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const store = useStoreChild();
  return useMutation({
    mutationFn: async (id: string) =>
      (await unwrap(api.POST('/api/hijos/{id}/restaurar', { params: { path: { id } } }), t('children.errors.restore'))).data,
    onSuccess: (child) => {
      store(child);
      queryClient.setQueryData<DeletedChild[]>(deletedChildrenKey, (list) => list?.filter((c) => c._id !== child._id));
    },
  });
}

export function useSetMedical(id: string) {
  const { t } = useTranslation();
  const store = useStoreChild();
  return useMutation({
    mutationFn: async (body: MedicalInput) =>
      (await unwrap(api.POST('/api/hijos/{id}/informacion-medica', { params: { path: { id } }, body }), t('children.errors.update'))).data,
    onSuccess: store,
  });
}

type ListName = 'actividades' | 'turnos-medicos' | 'contactos-emergencia';
type ListBody = { actividades: ActivityInput; 'turnos-medicos': AppointmentInput; 'contactos-emergencia': ContactInput };

/** Add (no itemId), change or remove (remove: true) one item of a child's list. */
export function useListItem<L extends ListName>(childId: string, list: L) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const store = useStoreChild();
  return useMutation({
    mutationFn: async ({ itemId, body, remove }: { itemId?: string; body?: ListBody[L]; remove?: boolean }) => {
      const fallback = t('children.errors.update');
      // The three lists share one shape of path; the generated types name each separately.
      const client = api as unknown as {
        POST: typeof api.POST;
        PUT: typeof api.PUT;
        DELETE: typeof api.DELETE;
      };
      const base = `/api/hijos/{id}/${list}`;
      const itemPath = `${base}/{item_id}`;
      const params = { path: { id: childId, item_id: itemId ?? '' } };
      const answer = remove
        ? await unwrap(client.DELETE(itemPath as '/api/hijos/{id}/actividades/{item_id}', { params }), fallback)
        : itemId
          ? await unwrap(client.PUT(itemPath as '/api/hijos/{id}/actividades/{item_id}', { params, body: body as ActivityInput }), fallback)
          : await unwrap(client.POST(base as '/api/hijos/{id}/actividades', { params, body: body as ActivityInput }), fallback);
      return answer.data;
    },
    onSuccess: (child) => {
      store(child);
      // Without waiting for the live event: the calendar (and "Today") show the change at once.
      if (list !== 'contactos-emergencia') void queryClient.invalidateQueries({ queryKey: calendarKey });
    },
  });
}

export function useUploadPhoto(id: string) {
  const { t } = useTranslation();
  const store = useStoreChild();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('foto', file);
      const answer = await unwrap(
        api.POST('/api/hijos/{id}/foto', {
          params: { path: { id } },
          body: { foto: '' },
          bodySerializer: () => form,
        }),
        t('children.errors.photo'),
      );
      return answer.data;
    },
    onSuccess: store,
  });
}
