import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/Field';
import { FormActions } from '../../components/FormActions';
import { Modal } from '../../components/Modal';
import { applyServerErrors } from '../../lib/serverErrors';
import { useListItem, type Child, type Contact } from './api';
import { ItemActions, ItemSection } from './ItemList';

interface Values {
  nombre: string;
  relacion: string;
  telefono: string;
  email: string;
  prioridad: string;
}

/** Spec §3: by priority ascending, a missing priority counting as 999. */
export function sortContacts(contacts: Contact[]): Contact[] {
  return [...contacts].sort((a, b) => (a.prioridad ?? 999) - (b.prioridad ?? 999));
}

function ContactForm({ child, contact, onDone }: { child: Child; contact: Contact | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useListItem(child._id, 'contactos-emergencia');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      nombre: contact?.nombre ?? '',
      relacion: contact?.relacion ?? '',
      telefono: contact?.telefono ?? '',
      email: contact?.email ?? '',
      prioridad: contact?.prioridad ? String(contact.prioridad) : '',
    },
  });
  const submit = async (v: Values) => {
    setFailure(null);
    const prioridad = v.prioridad.trim() === '' ? null : Number(v.prioridad);
    if (prioridad !== null && (!Number.isInteger(prioridad) || prioridad < 1)) {
      setError('prioridad', { message: t('children.contacts.priorityInvalid') });
      return;
    }
    try {
      await save.mutateAsync({ itemId: contact?.id, body: { nombre: v.nombre, relacion: v.relacion, telefono: v.telefono, email: v.email, prioridad } });
      onDone();
    } catch (err) {
      setFailure(applyServerErrors(err, setError, { nombre: 'nombre', relacion: 'relacion', telefono: 'telefono', email: 'email', prioridad: 'prioridad' }, t('children.errors.update')));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField label={t('children.contacts.name')} error={errors.nombre?.message} {...register('nombre')} />
      <TextField label={t('children.contacts.relation')} hint={t('children.contacts.relationHint')} error={errors.relacion?.message} {...register('relacion')} />
      <TextField label={t('children.contacts.phone')} type="tel" error={errors.telefono?.message} {...register('telefono')} />
      <TextField label={t('children.contacts.emailOptional')} type="email" error={errors.email?.message} {...register('email')} />
      <TextField
        label={t('children.contacts.priority')}
        hint={t('children.contacts.priorityHint')}
        type="number"
        min={1}
        inputMode="numeric"
        error={errors.prioridad?.message}
        {...register('prioridad')}
      />
      <FormActions busy={isSubmitting} onCancel={onDone} />
    </form>
  );
}

export function ContactsTab({ child, canEdit }: { child: Child; canEdit: boolean }) {
  const { t } = useTranslation();
  const remove = useListItem(child._id, 'contactos-emergencia');
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const contacts = sortContacts(child.contactosEmergencia);
  return (
    <>
      <ItemSection
        title={t('children.tabs.contacts')}
        addLabel={t('children.contacts.add')}
        onAdd={() => setEditing('new')}
        empty={contacts.length === 0 ? t('children.contacts.empty') : null}
        canEdit={canEdit}
      >
        {contacts.map((c) => (
          <li
            key={c.id}
            data-testid="contact"
            className={`flex items-start justify-between gap-3 rounded-2xl p-4 ${c.prioridad === 1 ? 'bg-brand-50 ring-2 ring-brand-500' : 'bg-sand-50'}`}
          >
            <div className="min-w-0 flex-1 wrap-anywhere">
              <p className="font-semibold text-ink">
                {c.nombre}{' '}
                {c.prioridad === 1 && (
                  <span className="ml-1 inline-block whitespace-nowrap rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">{t('children.contacts.first')}</span>
                )}
              </p>
              <p className="text-sm text-muted">
                {c.relacion} ·{' '}
                <a href={`tel:${c.telefono}`} className="text-brand-700 underline">
                  {c.telefono}
                </a>
                {c.email && (
                  <>
                    {' · '}
                    <a href={`mailto:${c.email}`} className="text-brand-700 underline">
                      {c.email}
                    </a>
                  </>
                )}
              </p>
              {c.prioridad != null && <p className="text-xs text-muted">{t('children.contacts.priorityN', { n: c.prioridad })}</p>}
            </div>
            {canEdit && <ItemActions name={c.nombre} onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} />}
          </li>
        ))}
      </ItemSection>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('children.contacts.add') : t('children.contacts.edit')}>
        {editing !== null && <ContactForm child={child} contact={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={t('children.contacts.deleteTitle')}
        body={t('children.confirmDelete', { name: deleting?.nombre ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={() => remove.mutateAsync({ itemId: deleting?.id, remove: true })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
