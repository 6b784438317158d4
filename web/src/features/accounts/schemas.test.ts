import i18n from '../../i18n';
import { forgotSchema, loginSchema, registerSchema, resetSchema } from './schemas';

const t = i18n.getFixedT('es');
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('register form', () => {
  const valid = {
    nombre: 'Ana',
    apellido: 'García',
    email: 'ana@example.org',
    telefono: '',
    relacion: '',
    password: 'buenas-noches',
    confirmPassword: 'buenas-noches',
    terms: true,
  };

  it('accepts a complete form with an empty phone', () => {
    expect(registerSchema(t).safeParse(valid).success).toBe(true);
  });

  it('asks a new parent their relation to the children, not someone invited', () => {
    expect(messages(registerSchema(t, true).safeParse(valid))).toEqual({ relacion: 'Elige tu relación con los niños' });
    expect(registerSchema(t, true).safeParse({ ...valid, relacion: 'madre' }).success).toBe(true);
    expect(registerSchema(t, false).safeParse(valid).success).toBe(true);
  });

  it('gives the spec messages, with 8 characters as the minimum', () => {
    const result = registerSchema(t).safeParse({
      ...valid,
      nombre: ' ',
      apellido: '',
      email: '',
      password: '1234567',
      confirmPassword: '1234567',
      terms: false,
    });
    expect(messages(result)).toMatchObject({
      nombre: 'El nombre es requerido',
      apellido: 'El apellido es requerido',
      email: 'El email es requerido',
      password: 'La contraseña debe tener al menos 8 caracteres',
      terms: 'Debes aceptar los términos y condiciones',
    });
  });

  it('requires the confirmation to match', () => {
    const result = registerSchema(t).safeParse({ ...valid, confirmPassword: 'otra-cosa-1' });
    expect(messages(result)).toEqual({ confirmPassword: 'Las contraseñas no coinciden' });
  });

  it('checks the email shape', () => {
    expect(messages(registerSchema(t).safeParse({ ...valid, email: 'ana@example' }))).toEqual({
      email: 'El email no es válido',
    });
  });
});

describe('other forms', () => {
  it('login needs both fields', () => {
    expect(messages(loginSchema(t).safeParse({ email: '', password: '' }))).toEqual({
      email: 'El email es requerido',
      password: 'La contraseña es requerida',
    });
  });

  it('forgot password asks for the email', () => {
    expect(messages(forgotSchema(t).safeParse({ email: '  ' }))).toEqual({
      email: 'Por favor ingresa tu correo electrónico',
    });
  });

  it('reset speaks English when asked', () => {
    const result = resetSchema(i18n.getFixedT('en')).safeParse({ password: 'short', confirmPassword: 'short' });
    expect(messages(result)).toEqual({ password: 'Password must be at least 8 characters long' });
  });
});
