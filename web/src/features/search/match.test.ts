import { fold, highlight, matchesAll, queryWords } from './match';

describe('search matching', () => {
  it('folds accents and case', () => {
    expect(fold('Lucía NÚÑEZ Ågren')).toBe('lucia nunez agren');
  });

  it('splits the query into distinct folded words', () => {
    expect(queryWords('  Médico  medico, turno ')).toEqual(['medico', 'turno']);
    expect(queryWords(' , ')).toEqual([]);
  });

  it('needs every word of the query, in any of the texts', () => {
    expect(matchesAll('lucia garcia', 'Lucía', 'García')).toBe(true);
    expect(matchesAll('LUCIA', 'Lucía')).toBe(true);
    expect(matchesAll('lucia perez', 'Lucía', 'García')).toBe(false);
    expect(matchesAll('', 'Lucía')).toBe(false);
    expect(matchesAll('abuela', 'Marta', null, undefined, 'Abuela materna')).toBe(true);
  });

  it('marks the words on the original text, accents included', () => {
    expect(highlight('El turno médico de Lucía', 'medico lucia')).toEqual([
      { text: 'El turno ', hit: false },
      { text: 'médico', hit: true },
      { text: ' de ', hit: false },
      { text: 'Lucía', hit: true },
    ]);
    expect(highlight('sin nada', 'otra')).toEqual([{ text: 'sin nada', hit: false }]);
    expect(highlight('Ñandú ñandu', 'NANDU')).toEqual([
      { text: 'Ñandú', hit: true },
      { text: ' ', hit: false },
      { text: 'ñandu', hit: true },
    ]);
  });
});
