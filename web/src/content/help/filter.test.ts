import { filterArticles, filterCategories, matchesQuery, normalizeSearch } from './filter';
import { HELP_ARTICLE_IDS } from './catalog';
import en from './en';
import es from './es';

const cards = [
  { id: 'account', title: 'Cuenta y perfil', description: 'Contraseña, datos personales, idioma y notificaciones.' },
  { id: 'calendar', title: 'Calendario', description: 'Eventos, recordatorios y régimen de cuidado.' },
  { id: 'expenses', title: 'Gastos', description: 'Registro de gastos, comprobantes y formas de dividirlos.' },
];

describe('filterCategories', () => {
  it('returns every category, in order, for a blank query', () => {
    expect(filterCategories(cards, '')).toEqual(cards);
    expect(filterCategories(cards, '   ')).toEqual(cards);
  });

  it('matches the title regardless of case', () => {
    expect(filterCategories(cards, 'CALENDARIO').map((c) => c.id)).toEqual(['calendar']);
    expect(filterCategories(cards, 'gAsToS').map((c) => c.id)).toEqual(['expenses']);
  });

  it('matches the description too', () => {
    expect(filterCategories(cards, 'comprobantes').map((c) => c.id)).toEqual(['expenses']);
    expect(filterCategories(cards, 'Notificaciones').map((c) => c.id)).toEqual(['account']);
  });

  it('ignores accents and surrounding spaces', () => {
    expect(filterCategories(cards, '  contrasena ').map((c) => c.id)).toEqual(['account']);
    expect(filterCategories(cards, 'REGIMEN').map((c) => c.id)).toEqual(['calendar']);
  });

  it('returns several matches or none', () => {
    expect(filterCategories(cards, 'y ').map((c) => c.id)).toEqual(['account', 'calendar', 'expenses']);
    expect(filterCategories(cards, 'zzzz')).toEqual([]);
  });
});

describe('normalizeSearch / matchesQuery', () => {
  it('folds case, accents and typographic apostrophes', () => {
    expect(normalizeSearch(' Ñandú CAN’T ')).toBe("nandu can't");
    expect(matchesQuery("can't", 'I can’t sign in')).toBe(true);
  });

  it('is true for a blank query and false when no text contains it', () => {
    expect(matchesQuery('', 'anything')).toBe(true);
    expect(matchesQuery('foto', 'Contraseña', 'Idioma')).toBe(false);
  });
});

describe('filterArticles', () => {
  const all = (content: typeof es) => HELP_ARTICLE_IDS.map((id) => ({ id, ...content.articles[id] }));

  it('finds articles by title, excerpt and body, not only categories', () => {
    expect(filterArticles(all(en), 'Change your password').map((a) => a.id)[0]).toBe('change-password');
    expect(filterArticles(all(en), 'authenticator').map((a) => a.id)).toContain('change-password');
    expect(filterArticles(all(es), 'codigo de vinculacion').map((a) => a.id)).toEqual(['invite-coparent']);
    expect(filterArticles(all(en), 'linking code').map((a) => a.id)).toEqual(['invite-coparent']);
  });

  it('finds nothing for a blank query', () => {
    expect(filterArticles(all(en), '  ')).toEqual([]);
  });
});
