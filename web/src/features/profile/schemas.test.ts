import i18n from '../../i18n';
import { closeAccountSchema, matchesConfirmationWord, passwordSchema, profileSchema, twoFactorOffSchema } from './schemas';

/** The message of each failing field, by field name. */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('profile form', () => {
  const t = i18n.getFixedT('es');
  const valid = { nombre: 'Ana', apellido: 'García', email: 'ana@example.org', telefono: '', zonaHoraria: 'America/Argentina/Buenos_Aires' };

  it('accepts a complete profile with no phone, trimming the fields', () => {
    const result = profileSchema(t).safeParse({ ...valid, nombre: '  Ana ', email: ' ana@example.org ' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ ...valid, nombre: 'Ana' });
  });

  it('requires first name, last name and email, with the spec messages', () => {
    expect(problems(profileSchema(t).safeParse({ nombre: ' ', apellido: '', email: '', telefono: '', zonaHoraria: 'Europe/Madrid' }))).toEqual({
      nombre: 'El nombre es requerido',
      apellido: 'El apellido es requerido',
      email: 'El email es requerido',
    });
  });

  it('asks for the current password only when the email changes', () => {
    expect(profileSchema(t, 'ana@example.org').safeParse({ ...valid, email: 'Ana@Example.org ' }).success).toBe(true);
    expect(problems(profileSchema(t, 'ana@example.org').safeParse({ ...valid, email: 'otra@example.org' }))).toEqual({
      currentPassword: 'La contraseña es requerida',
    });
    expect(
      profileSchema(t, 'ana@example.org').safeParse({ ...valid, email: 'otra@example.org', currentPassword: 'buenas-noches' }).success,
    ).toBe(true);
  });

  it('refuses an email without at sign or dot', () => {
    for (const email of ['ana.example.org', 'ana@example', 'ana @x.org']) {
      expect(problems(profileSchema(t).safeParse({ ...valid, email }))).toEqual({ email: 'El email no es válido' });
    }
  });

  it('speaks English when the interface does', () => {
    const en = i18n.getFixedT('en');
    expect(problems(profileSchema(en).safeParse({ ...valid, apellido: '' })).apellido).toBe('Last name is required');
  });
});

describe('password change form', () => {
  const t = i18n.getFixedT('es');

  it('accepts the current password and a new one typed twice', () => {
    expect(passwordSchema(t).safeParse({ currentPassword: 'x', newPassword: 'una-clave-larga', confirmPassword: 'una-clave-larga' }).success).toBe(true);
  });

  it('requires the current and the new password', () => {
    expect(problems(passwordSchema(t).safeParse({ currentPassword: '', newPassword: '', confirmPassword: '' }))).toEqual({
      currentPassword: 'La contraseña es requerida',
      newPassword: 'La contraseña es requerida',
    });
  });

  it('wants at least 8 characters and a matching confirmation', () => {
    expect(problems(passwordSchema(t).safeParse({ currentPassword: 'x', newPassword: '1234567', confirmPassword: '1234567' }))).toEqual({
      newPassword: 'La contraseña debe tener al menos 8 caracteres',
    });
    expect(problems(passwordSchema(t).safeParse({ currentPassword: 'x', newPassword: '12345678', confirmPassword: '12345679' }))).toEqual({
      confirmPassword: 'Las contraseñas no coinciden',
    });
  });
});

describe('closing the account', () => {
  it('takes the word of the interface language, whatever its case', () => {
    expect(matchesConfirmationWord('eliminar', 'eliminar')).toBe(true);
    expect(matchesConfirmationWord(' ELIMINAR ', 'eliminar')).toBe(true);
    expect(matchesConfirmationWord('Delete', 'delete')).toBe(true);
    expect(matchesConfirmationWord('delete', 'eliminar')).toBe(false);
    expect(matchesConfirmationWord('elimina', 'eliminar')).toBe(false);
    expect(matchesConfirmationWord('', 'eliminar')).toBe(false);
  });

  it('asks for "eliminar" in Spanish and the password, with the spec message', () => {
    const t = i18n.getFixedT('es');
    expect(closeAccountSchema(t).safeParse({ confirmacion: 'Eliminar', password: 'x' }).success).toBe(true);
    expect(problems(closeAccountSchema(t).safeParse({ confirmacion: 'delete', password: '' }))).toEqual({
      confirmacion: 'Debes escribir "eliminar" para confirmar',
      password: 'La contraseña es requerida',
    });
  });

  it('asks for "delete" in English', () => {
    const t = i18n.getFixedT('en');
    expect(closeAccountSchema(t).safeParse({ confirmacion: 'DELETE', password: 'x' }).success).toBe(true);
    expect(problems(closeAccountSchema(t).safeParse({ confirmacion: 'eliminar', password: 'x' }))).toEqual({
      confirmacion: 'You must type "delete" to confirm',
    });
  });
});

describe('turning two-step verification off', () => {
  const t = i18n.getFixedT('es');

  it('takes the password and either a code from the app or a recovery code', () => {
    expect(twoFactorOffSchema(t).safeParse({ password: 'x', code: '123 456' }).success).toBe(true);
    expect(twoFactorOffSchema(t).safeParse({ password: 'x', code: 'K7M2-X9PQ-4HZT' }).success).toBe(true);
  });

  it('says what is missing or malformed', () => {
    expect(problems(twoFactorOffSchema(t).safeParse({ password: '', code: '' }))).toEqual({
      password: 'La contraseña es requerida',
      code: 'Escribe el código',
    });
    expect(problems(twoFactorOffSchema(t).safeParse({ password: 'x', code: '12345' }))).toEqual({
      code: 'Escribe los 6 dígitos de tu app o un código de recuperación, como k7m2-x9pq-4hzt',
    });
  });
});
