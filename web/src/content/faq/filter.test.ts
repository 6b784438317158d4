import { filterFaq } from './filter';

const items = [
  { question: '¿Qué fotos puedo subir?', answer: 'Imágenes JPG, PNG, GIF o WebP de hasta 5 MB.' },
  { question: '¿Necesito instalar algo?', answer: 'No. Nido funciona en el navegador.' },
  { question: 'Olvidé mi contraseña', answer: 'Te enviamos un enlace que vence en 1 hora.' },
];

describe('filterFaq', () => {
  it('keeps every item for a blank query', () => {
    expect(filterFaq(items, '')).toEqual(items);
  });

  it('matches questions, case-insensitively', () => {
    expect(filterFaq(items, 'FOTOS')).toEqual([items[0]]);
  });

  it('matches answers too', () => {
    expect(filterFaq(items, 'navegador')).toEqual([items[1]]);
    expect(filterFaq(items, 'webp')).toEqual([items[0]]);
  });

  it('ignores accents', () => {
    expect(filterFaq(items, 'olvide mi CONTRASENA')).toEqual([items[2]]);
  });

  it('returns nothing for text that appears nowhere', () => {
    expect(filterFaq(items, 'xyzzy')).toEqual([]);
  });
});
