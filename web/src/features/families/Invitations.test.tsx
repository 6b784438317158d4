import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import i18n from '../../i18n';
import { ApiError } from '../../api/client';
import { BlockedView } from './BlockedPage';
import { formatDay, isExpired, normaliseCode, shareLink, spacedCode } from '../../lib/familyCodes';
import { InviteForm } from './InviteForm';
import type { Invitation, ReceivedInvitation } from '../../api/invitations';
import { JoinWithCode } from './JoinWithCode';
import { LinkingCode } from './LinkingCode';
import { PendingInvitations } from './PendingInvitations';
import { ReceivedInvitations } from './ReceivedInvitations';

const invitation = (over: Partial<Invitation> = {}): Invitation => ({
  _id: 'i1',
  familiaId: 'f1',
  tipo: 'email',
  email: 'martin@example.org',
  codigo: null,
  permiso: 'coparent',
  relacion: 'padre',
  idioma: 'es',
  estado: 'pendiente',
  invitadoPor: { _id: 'u1', nombre: 'Lucía', apellido: 'Pereyra' },
  expiresAt: '2099-11-30T12:00:00Z',
  createdAt: '2026-11-23T12:00:00Z',
  enviadaAt: '2026-11-23T12:00:00Z',
  ...over,
});

beforeEach(() => i18n.changeLanguage('es'));

describe('codes', () => {
  it('normalises what was typed: upper case, no spaces or dashes', () => {
    expect(normaliseCode(' abcd-2345 ')).toBe('ABCD2345');
    expect(normaliseCode('ab cd\t23-45')).toBe('ABCD2345');
    expect(normaliseCode('')).toBe('');
  });

  it('spaces a code in two groups for reading aloud', () => {
    expect(spacedCode('ABCD2345')).toBe('ABCD 2345');
    expect(spacedCode('ABC')).toBe('ABC');
  });

  it('builds the share link with the inviter and the code', () => {
    expect(shareLink('https://nido.example', 'u 1', 'ABCD2345')).toBe('https://nido.example/register-invited?invitedBy=u+1&code=ABCD2345');
  });

  it('tells expired invitations by date or by state', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isExpired({ estado: 'pendiente', expiresAt: '2026-11-30T12:00:00Z' }, now)).toBe(false);
    expect(isExpired({ estado: 'pendiente', expiresAt: '2026-11-22T12:00:00Z' }, now)).toBe(true);
    expect(isExpired({ estado: 'vencida', expiresAt: '2026-11-30T12:00:00Z' }, now)).toBe(true);
  });

  it('writes the expiry day in the interface language', () => {
    expect(formatDay('2026-11-30T12:00:00Z', 'es')).toBe('30 de noviembre de 2026');
    expect(formatDay('2026-11-30T12:00:00Z', 'en')).toBe('November 30, 2026');
  });
});

describe('InviteForm', () => {
  it('checks the email before sending, then sends lower case with the choices', async () => {
    const onInvite = vi.fn(() => Promise.resolve());
    const onSent = vi.fn();
    render(<InviteForm onInvite={onInvite} onSent={onSent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('El email es requerido')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email de la persona'), 'no-es-un-email');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('El email no es válido')).toBeInTheDocument();
    expect(onInvite).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Email de la persona'));
    await userEvent.type(screen.getByLabelText('Email de la persona'), 'Martin@Example.org');
    await userEvent.click(screen.getByRole('radio', { name: /Solo lectura/ }));
    await userEvent.selectOptions(screen.getByLabelText('Relación con los niños'), 'abuela');
    await userEvent.selectOptions(screen.getByLabelText('Idioma del email'), 'en');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(onInvite).toHaveBeenCalledWith({ email: 'martin@example.org', permiso: 'viewer', relacion: 'abuela', idioma: 'en' });
    expect(onSent).toHaveBeenCalled();
    expect(screen.getByLabelText('Email de la persona')).toHaveValue('');
  });

  it('explains each access level and defaults the mail to the interface language', async () => {
    await i18n.changeLanguage('en');
    render(<InviteForm onInvite={() => Promise.resolve()} onSent={() => {}} />);
    expect(screen.getByRole('radio', { name: /Full access.*can invite others/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /View only.*cannot change anything/ })).not.toBeChecked();
    expect(screen.getByLabelText('Email language')).toHaveValue('en');
  });

  it('shows the server refusal (a pending invitation exists)', async () => {
    const onInvite = vi.fn(() => Promise.reject(new ApiError(409, 'Ya hay una invitación pendiente para ese email: reenvíala.')));
    render(<InviteForm onInvite={onInvite} onSent={() => {}} />);
    await userEvent.type(screen.getByLabelText('Email de la persona'), 'martin@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya hay una invitación pendiente');
  });

  it('puts a server field error on the email', async () => {
    const onInvite = vi.fn(() => Promise.reject(new ApiError(422, 'Revisa los datos', undefined, { email: 'Ese email no es válido' })));
    render(<InviteForm onInvite={onInvite} onSent={() => {}} />);
    await userEvent.type(screen.getByLabelText('Email de la persona'), 'martin@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Ese email no es válido')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('PendingInvitations', () => {
  const list = [invitation(), invitation({ _id: 'i2', email: 'ana@example.org', estado: 'vencida', permiso: 'viewer', relacion: 'abuela' })];

  it('lists email, access, relation and expiry', () => {
    render(<PendingInvitations invitations={list} onResend={() => Promise.resolve()} onRevoke={() => Promise.resolve()} onDone={() => {}} />);
    const [first, second] = screen.getAllByTestId('pending-invitation') as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('martin@example.org');
    expect(first).toHaveTextContent('Padre · Co-padre/co-madre: acceso completo');
    expect(first).toHaveTextContent('Vence el 30 de noviembre de 2099');
    expect(second).toHaveTextContent('Abuela · Solo lectura');
    expect(second).toHaveTextContent('Vencida');
  });

  it('resends, and revokes only after confirming', async () => {
    const onResend = vi.fn(() => Promise.resolve());
    const onRevoke = vi.fn(() => Promise.resolve());
    const onDone = vi.fn();
    render(<PendingInvitations invitations={list} onResend={onResend} onRevoke={onRevoke} onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: /Reenviar.*ana@example.org/ }));
    expect(onResend).toHaveBeenCalledWith(list[1]);
    expect(onDone).toHaveBeenCalledWith('families.pending.resent');

    await userEvent.click(screen.getByRole('button', { name: /Anular.*martin@example.org/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('El enlace que recibió martin@example.org dejará de funcionar.');
    expect(onRevoke).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anular invitación' }));
    expect(onRevoke).toHaveBeenCalledWith(list[0]);
    expect(onDone).toHaveBeenCalledWith('families.pending.revoked');
  });

  it('shows why a resend was refused, on that invitation', async () => {
    const onResend = vi.fn(() => Promise.reject(new ApiError(409, 'Esta invitación ya fue aceptada.')));
    render(<PendingInvitations invitations={list} onResend={onResend} onRevoke={() => Promise.resolve()} onDone={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: /Reenviar.*martin@example.org/ }));
    const first = screen.getAllByTestId('pending-invitation')[0] as HTMLElement;
    expect(await within(first).findByRole('alert')).toHaveTextContent('Esta invitación ya fue aceptada.');
  });

  it('says when there are none', () => {
    render(<PendingInvitations invitations={[]} onResend={() => Promise.resolve()} onRevoke={() => Promise.resolve()} onDone={() => {}} />);
    expect(screen.getByText('No hay invitaciones por email esperando respuesta.')).toBeInTheDocument();
  });
});

describe('LinkingCode', () => {
  const code = invitation({ _id: 'c1', tipo: 'codigo', email: null, codigo: 'ABCD2345', permiso: 'viewer', relacion: 'abuelo' });

  it('shows the code spaced, its access and the share link, and copies them', async () => {
    const copy = vi.fn(() => Promise.resolve(true));
    render(<LinkingCode code={code} origin="https://nido.example" fallbackInviterId="me" onCreate={() => Promise.resolve()} onDone={() => {}} copy={copy} />);
    expect(screen.getByTestId('linking-code')).toHaveTextContent('ABCD 2345');
    expect(screen.getByText('Código: A B C D 2 3 4 5')).toBeInTheDocument();
    expect(screen.getByText(/Vence el/).parentElement).toHaveTextContent('Solo lectura · Abuelo');
    const link = screen.getByLabelText('Enlace para registrarse con el código');
    expect(link).toHaveValue('https://nido.example/register-invited?invitedBy=u1&code=ABCD2345');
    await userEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(copy).toHaveBeenCalledWith('ABCD2345');
    expect(screen.getByText('Código copiado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    expect(copy).toHaveBeenLastCalledWith('https://nido.example/register-invited?invitedBy=u1&code=ABCD2345');
  });

  it('asks to copy by hand when the clipboard is not available', async () => {
    render(<LinkingCode code={code} origin="https://nido.example" fallbackInviterId="me" onCreate={() => Promise.resolve()} onDone={() => {}} copy={() => Promise.resolve(false)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(screen.getByText(/cópialo a mano/)).toBeInTheDocument();
  });

  it('regenerates only after confirming that the old code stops working', async () => {
    const onCreate = vi.fn(() => Promise.resolve());
    const onDone = vi.fn();
    render(<LinkingCode code={code} origin="https://nido.example" fallbackInviterId="me" onCreate={onCreate} onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Generar un código nuevo' }));
    expect(screen.getByRole('radio', { name: /Solo lectura/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Acceso completo/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Generar código nuevo' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('El código ABCD 2345 dejará de funcionar');
    expect(onCreate).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generar código nuevo' }));
    expect(onCreate).toHaveBeenCalledWith({ permiso: 'coparent', relacion: 'abuelo' });
    expect(onDone).toHaveBeenCalledWith('families.code.regenerated');
  });

  it('offers to create a code when there is none', async () => {
    const onCreate = vi.fn(() => Promise.resolve());
    render(<LinkingCode code={null} origin="https://nido.example" fallbackInviterId="me" onCreate={onCreate} onDone={() => {}} />);
    expect(screen.getByText(/Esta familia no tiene un código/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crear código' }));
    expect(onCreate).toHaveBeenCalledWith({ permiso: 'coparent', relacion: 'otro' });
  });
});

describe('JoinWithCode', () => {
  it('normalises the code as it is typed and sends it', async () => {
    const onJoin = vi.fn(() => Promise.resolve({ nombre: 'Familia Pereyra' }));
    const onJoined = vi.fn();
    render(<JoinWithCode onJoin={onJoin} onJoined={onJoined} />);
    const input = screen.getByLabelText('Código');
    await userEvent.type(input, 'abcd-23 45');
    expect(input).toHaveValue('ABCD2345');
    await userEvent.click(screen.getByRole('button', { name: 'Unirme' }));
    expect(onJoin).toHaveBeenCalledWith('ABCD2345');
    expect(onJoined).toHaveBeenCalledWith('Familia Pereyra');
    expect(input).toHaveValue('');
  });

  it('shows the server words when the code cannot be used', async () => {
    const onJoin = vi.fn(() => Promise.reject(new ApiError(410, 'Este código venció.')));
    render(<JoinWithCode onJoin={onJoin} onJoined={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Unirme' }));
    expect(screen.getByText('Escribe el código')).toBeInTheDocument();
    expect(onJoin).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Código'), 'ABCD2345');
    await userEvent.click(screen.getByRole('button', { name: 'Unirme' }));
    expect(await screen.findByText('Este código venció.')).toBeInTheDocument();
  });
});

describe('ReceivedInvitations', () => {
  const received: ReceivedInvitation = {
    _id: 'r1',
    familia: 'Familia Pereyra',
    invitadoPor: { _id: 'u1', nombre: 'Lucía', apellido: 'Pereyra' },
    permiso: 'coparent',
    relacion: 'padre',
    expiresAt: '2099-11-30T12:00:00Z',
  };

  it('accepts, declines, and blocks the sender after confirming', async () => {
    const onAccept = vi.fn(() => Promise.resolve());
    const onDecline = vi.fn(() => Promise.resolve());
    const onBlock = vi.fn(() => Promise.resolve());
    const onDone = vi.fn();
    render(<ReceivedInvitations invitations={[received]} onAccept={onAccept} onDecline={onDecline} onBlock={onBlock} onDone={onDone} />);
    expect(screen.getByText('Lucía Pereyra te invita a Familia Pereyra.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(onAccept).toHaveBeenCalledWith(received);
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(onDecline).toHaveBeenCalledWith(received);
    await userEvent.click(screen.getByRole('button', { name: 'Bloquear a Lucía' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Bloquear' }));
    expect(onBlock).toHaveBeenCalledWith(received);
    expect(onDone.mock.calls.map((c) => c[0])).toEqual(['families.received.accepted', 'families.received.declined', 'families.block.done']);
  });
});

describe('BlockedView', () => {
  const renderView = (props: Parameters<typeof BlockedView>[0]) =>
    render(
      <MemoryRouter>
        <BlockedView {...props} />
      </MemoryRouter>,
    );

  it('explains blocking and where to do it when nobody is blocked', () => {
    renderView({ users: [], onUnblock: () => Promise.resolve() });
    expect(screen.getByText('No bloqueaste a nadie')).toBeInTheDocument();
    expect(screen.getByText(/no puede enviarte invitaciones/)).toBeInTheDocument();
    expect(screen.getByText(/no cambia el acceso de nadie/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /página de co-padres/ })).toHaveAttribute('href', '/profile/coparents');
  });

  it('lists the blocked users with photo or initial and since when, and unblocks', async () => {
    const onUnblock = vi.fn(() => Promise.resolve());
    renderView({
      users: [
        { _id: 'u2', nombre: 'Martín', apellido: 'Sosa', foto: null, bloqueadoAt: '2026-11-20T10:00:00Z' },
        { _id: 'u3', nombre: 'Ana', apellido: 'Ruiz', foto: 'https://img.example/ana.jpg', bloqueadoAt: '2026-10-02T10:00:00Z' },
      ],
      onUnblock,
    });
    const [martin, ana] = screen.getAllByTestId('blocked-user') as [HTMLElement, HTMLElement];
    expect(martin).toHaveTextContent('M');
    expect(martin).toHaveTextContent('Bloqueado desde el 20 de noviembre de 2026');
    expect(ana.querySelector('img')).toHaveAttribute('src', 'https://img.example/ana.jpg');
    await userEvent.click(within(ana).getByRole('button', { name: /Desbloquear.*Ana Ruiz/ }));
    expect(onUnblock).toHaveBeenCalledWith(expect.objectContaining({ _id: 'u3' }));
  });
});
