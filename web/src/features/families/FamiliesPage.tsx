import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { BackLink, Card, Disclosure, useDisclosure } from '../../components/ui';
import { useCreateFamily, useFamilies, useRemoveMember, useUpdateFamily, useUpdateMember, type Family, type FamilyInput, type Member, type MemberChange } from './api';
import { FamilySettingsForm } from './FamilySettingsForm';
import { FamilyInvitations } from './FamilyInvitations';
import { FamilyRecord } from './FamilyRecord';
import { FamilyProfessionals } from './professionals/FamilyProfessionals';
import { InvitationsForYou } from './InvitationsForYou';
import { useAcceptInvitation, useBlock, useUnblock } from '../../api/invitations';
import { JoinWithCode } from './JoinWithCode';
import { NewFamilyForm } from './NewFamilyForm';
import { initialOf, memberActions, permissionKey, relationKey, relationOptions, statusKey } from '../../lib/familyLabels';
import { zoneLabel } from '../../lib/timeZones';

/** /profile/coparents: the caller's families, their members, invitations, codes and blocking. */
export default function FamiliesPage() {
  const { t } = useTranslation();
  const families = useFamilies();
  const createFamily = useCreateFamily();
  const updateFamily = useUpdateFamily();
  const updateMember = useUpdateMember();
  const removeMember = useRemoveMember();
  const block = useBlock();
  const unblock = useUnblock();
  const accept = useAcceptInvitation();
  const toast = useToast();

  let body;
  if (families.isLoading) body = <Loading />;
  else if (families.isError || !families.data)
    body = (
      <div className="space-y-3">
        <Alert>{families.error?.message ?? t('families.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void families.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else
    body = (
      <FamiliesView
        families={families.data}
        onSave={(id, input) => updateFamily.mutateAsync({ id, body: input })}
        onChangeMember={(id, miembroId, change) => updateMember.mutateAsync({ id, miembroId, body: change })}
        onRemove={(id, miembroId) => removeMember.mutateAsync({ id, miembroId })}
        onBlock={(usuarioId) => block.mutateAsync(usuarioId)}
        onUnblock={(usuarioId) => unblock.mutateAsync(usuarioId)}
        onDone={toast.show}
        invitations={(family) => <FamilyInvitations family={family} onDone={toast.show} />}
        record={(family) => <FamilyRecord family={family} />}
        professionals={(family) => <FamilyProfessionals family={family} onDone={toast.show} />}
      />
    );

  return (
    <section className="mx-auto max-w-3xl">
      <BackLink to="/profile">{t('profile.edit.back')}</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('families.title')}</h1>
      <p className="mt-2 text-muted">{t('families.lead')}</p>
      <div className="mt-6 space-y-4">
        <InvitationsForYou onDone={toast.show} />
        {body}
        <Card title={t('families.join.title')}>
          <JoinWithCode onJoin={(codigo) => accept.mutateAsync({ codigo })} onJoined={() => toast.show('families.join.done')} />
        </Card>
        <Card title={t('families.new.title')}>
          <NewFamilyForm onCreate={(body) => createFamily.mutateAsync(body)} onCreated={() => toast.show('families.new.created')} />
        </Card>
      </div>
      {toast.element}
    </section>
  );
}

interface ViewProps {
  families: Family[];
  onSave: (familyId: string, input: FamilyInput) => Promise<unknown>;
  onChangeMember: (familyId: string, memberId: string, change: MemberChange) => Promise<unknown>;
  onRemove: (familyId: string, memberId: string) => Promise<unknown>;
  /** Blocks or unblocks a member, by user id. */
  onBlock: (userId: string) => Promise<unknown>;
  onUnblock: (userId: string) => Promise<unknown>;
  /** Shows a toast with the text of that key. */
  onDone: (toastKey: string) => void;
  /** The invitation tools of a family the caller co-parents (drawn by the page, which fetches them). */
  invitations?: (family: Family) => ReactNode;
  /** The family's record (drawn by the page, which fetches it), shown only once its section is opened. */
  record?: (family: Family) => ReactNode;
  /** The family's professionals (drawn by the page, which fetches them), once their section is opened. */
  professionals?: (family: Family) => ReactNode;
}

/** The families, rendered from props. */
export function FamiliesView({ families, ...actions }: ViewProps) {
  const { t } = useTranslation();
  return (
    <>
      {families.length === 0 && <Alert kind="info">{t('families.none')}</Alert>}
      {families.map((family) => (
        <FamilyCard key={family._id} family={family} {...actions} />
      ))}
    </>
  );
}

type Pending = { kind: 'remove' | 'leave' | 'block'; member: Member } | null;

function FamilyCard({ family, onSave, onChangeMember, onRemove, onBlock, onUnblock, onDone, invitations, record, professionals }: { family: Family } & Omit<ViewProps, 'families'>) {
  const { t } = useTranslation();
  const settings = useDisclosure();
  const recordSection = useDisclosure();
  const professionalsSection = useDisclosure();
  const [pending, setPending] = useState<Pending>(null);
  const [busyMember, setBusyMember] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ memberId: string; message: string } | null>(null);
  const me = family.miembros.find((m) => m.yo);
  const coparent = me?.permiso === 'coparent';

  const unblockMember = async (member: Member) => {
    setFailure(null);
    setBusyMember(member._id);
    try {
      await onUnblock(member.usuarioId);
      onDone('families.block.undone');
    } catch (err) {
      setFailure({ memberId: member._id, message: err instanceof Error ? err.message : t('families.block.failed') });
    } finally {
      setBusyMember(null);
    }
  };

  const change = async (member: Member, body: MemberChange) => {
    setFailure(null);
    setBusyMember(member._id);
    try {
      await onChangeMember(family._id, member._id, body);
      onDone('families.members.changed');
    } catch (err) {
      setFailure({ memberId: member._id, message: err instanceof Error ? err.message : t('families.members.changeFailed') });
    } finally {
      setBusyMember(null);
    }
  };

  const pendingName = pending ? `${pending.member.nombre} ${pending.member.apellido}`.trim() : '';

  return (
    <section aria-labelledby={`family-${family._id}`} className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6" data-testid="family">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`family-${family._id}`} className="break-words text-lg font-semibold text-ink">
            {family.nombre}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {t('families.timeZoneLine', { zone: zoneLabel(family.zonaHoraria) })}
            <span aria-hidden="true"> · </span>
            {t('families.childrenCount', { count: family.hijos })}
          </p>
        </div>
        {family.soyAdmin && <Badge tone="brand">{t('families.youAreAdmin')}</Badge>}
      </div>

      {family.soyAdmin && (
        <div className="mt-4 border-t border-sand-200 pt-2">
          <Disclosure label={t('families.settings.title')} open={settings.open} onToggle={settings.toggle}>
            <FamilySettingsForm
              key={`${family.nombre}|${family.zonaHoraria}`}
              family={family}
              onSave={(input) => onSave(family._id, input)}
              onSaved={() => {
                settings.setOpen(false);
                onDone('families.settings.saved');
              }}
            />
          </Disclosure>
        </div>
      )}

      <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-muted">{t('families.members.title', { count: family.miembros.length })}</h3>
      <ul className="mt-2 divide-y divide-sand-200">
        {family.miembros.map((member) => {
          const can = memberActions(member, family.soyAdmin);
          const busy = busyMember === member._id;
          return (
            <li key={member._id} className="py-4" data-testid="member">
              <div className="flex items-start gap-3">
                {member.foto ? (
                  <img src={member.foto} alt="" className="h-12 w-12 shrink-0 rounded-full object-cover" />
                ) : (
                  <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white">
                    {initialOf(member.nombre)}
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="break-words font-semibold text-ink">{`${member.nombre} ${member.apellido}`.trim()}</span>
                    {member.yo && <Badge tone="sand">{t('families.members.you')}</Badge>}
                    {member.esAdmin && <Badge tone="brand">{t('families.members.admin')}</Badge>}
                    <Badge tone={member.estado === 'activo' ? 'green' : member.estado === 'cuenta_cerrada' ? 'red' : 'sand'}>{t(statusKey(member.estado))}</Badge>
                    {member.bloqueado && <Badge tone="red">{t('families.block.badge')}</Badge>}
                  </p>
                  <p className="mt-0.5 text-sm text-muted">
                    {t(relationKey(member.relacion))}
                    <span aria-hidden="true"> · </span>
                    {t(permissionKey(member.permiso))}
                  </p>
                </div>
              </div>

              {(can.canEdit || can.canRemove || can.canLeave || !member.yo) && (
                <div className="mt-3 flex flex-col gap-3 sm:ml-15 sm:flex-row sm:flex-wrap sm:items-end">
                  {can.canSetRelation && (
                    <label className="block text-sm sm:w-64">
                      <span className="mb-1 block font-medium text-ink">{t(member.yo ? 'families.members.myRelation' : 'families.members.relation')}</span>
                      <select
                        value={member.relacion}
                        disabled={busy}
                        onChange={(e) => void change(member, { relacion: e.target.value as Member['relacion'] })}
                        className="block w-full rounded-xl border border-gray-300 bg-white px-3 py-2 text-base text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
                      >
                        {relationOptions((r) => t(relationKey(r)), member.relacion).map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                  {can.canEdit && (
                    <>
                      <label className="block text-sm sm:w-64">
                        <span className="mb-1 block font-medium text-ink">{t('families.members.access')}</span>
                        <select
                          value={member.permiso}
                          disabled={busy}
                          onChange={(e) => void change(member, { permiso: e.target.value as Member['permiso'] })}
                          className="block w-full rounded-xl border border-gray-300 bg-white px-3 py-2 text-base text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
                        >
                          <option value="coparent">{t('families.accessOption.coparent')}</option>
                          <option value="viewer">{t('families.accessOption.viewer')}</option>
                        </select>
                      </label>
                      <Button
                        variant="secondary"
                        disabled={busy || (!member.esAdmin && member.permiso !== 'coparent')}
                        onClick={() => void change(member, { esAdmin: !member.esAdmin })}
                      >
                        {member.esAdmin ? t('families.members.removeAdmin') : t('families.members.makeAdmin')}
                      </Button>
                    </>
                  )}
                  {can.canRemove && (
                    <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy} onClick={() => setPending({ kind: 'remove', member })}>
                      {t('families.members.remove')}
                    </Button>
                  )}
                  {!member.yo &&
                    (member.bloqueado ? (
                      <Button variant="ghost" disabled={busy} onClick={() => void unblockMember(member)}>
                        {t('families.block.unblock')}
                      </Button>
                    ) : (
                      <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy} onClick={() => setPending({ kind: 'block', member })}>
                        {t('families.block.action')}
                      </Button>
                    ))}
                  {can.canLeave && (
                    <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy} onClick={() => setPending({ kind: 'leave', member })}>
                      {t('families.leave.action')}
                    </Button>
                  )}
                </div>
              )}
              {failure?.memberId === member._id && (
                <div className="mt-3">
                  <Alert>{failure.message}</Alert>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {!me && <p className="mt-2 text-sm text-muted">{t('families.notAMember')}</p>}
      {coparent && invitations && <div className="mt-5 space-y-5 border-t border-sand-200 pt-5">{invitations(family)}</div>}
      {professionals && me && (
        <div className="mt-5 border-t border-sand-200 pt-2">
          <Disclosure label={t('families.professionals.title')} open={professionalsSection.open} onToggle={professionalsSection.toggle}>
            {professionalsSection.open && professionals(family)}
          </Disclosure>
        </div>
      )}
      {record && me && (
        <div className="mt-5 border-t border-sand-200 pt-2">
          <Disclosure label={t('families.record.title')} open={recordSection.open} onToggle={recordSection.toggle}>
            {recordSection.open && record(family)}
          </Disclosure>
        </div>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={t(`${dialogKeys[pending?.kind ?? 'remove']}.confirmTitle`, { name: pendingName, family: family.nombre })}
        body={t(`${dialogKeys[pending?.kind ?? 'remove']}.confirmBody`, { name: pendingName, family: family.nombre })}
        confirmLabel={t(`${dialogKeys[pending?.kind ?? 'remove']}.confirm`)}
        onConfirm={async () => {
          if (!pending) return;
          if (pending.kind === 'block') await onBlock(pending.member.usuarioId);
          else await onRemove(family._id, pending.member._id);
          onDone(`${dialogKeys[pending.kind]}.done`);
        }}
        onClose={() => setPending(null)}
      />
    </section>
  );
}

/** Where each confirmation's texts live: title, body, button and the toast after it. */
const dialogKeys = { remove: 'families.members.removeDialog', leave: 'families.leave', block: 'families.block' } as const;

function Badge({ tone, children }: { tone: 'brand' | 'sand' | 'red' | 'green'; children: string }) {
  const style = { brand: 'bg-brand-50 text-brand-800', sand: 'bg-sand-100 text-ink', red: 'bg-red-50 text-red-800', green: 'bg-emerald-50 text-emerald-800' }[tone];
  return <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${style}`}>{children}</span>;
}
