import { screen } from '@testing-library/react';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import { familyCarlaReads, renderSignedIn } from '../../test/signedIn';
import MoneyPage from './MoneyPage';

describe('finances for someone who only views her family', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    window.localStorage.clear();
    await i18n.changeLanguage('es');
  });

  for (const [language, text] of [
    ['es', 'Las finanzas son solo para los co-padres'],
    ['en', 'Finances are for co-parents only'],
  ] as const) {
    it(`say plainly that money is for co-parents, and ask the server nothing about it (${language})`, async () => {
      await i18n.changeLanguage(language);
      const sent = renderSignedIn(<MoneyPage />, {
        'GET /api/familias': () => jsonResponse(200, { success: true, data: [familyCarlaReads] }),
        'GET /api/hijos': () => jsonResponse(200, { success: true, data: [] }),
      });
      expect(await screen.findByText(new RegExp(text))).toHaveTextContent('Familia Paz');
      // Money's own routes would answer her 404: none is asked.
      const asked = sent.map((r) => r.path);
      expect(asked).toContain('/api/familias');
      expect(asked.filter((p) => /gastos|pagos|balance|finanzas|cuotas|informes/.test(p))).toEqual([]);
      expect(screen.queryByRole('button', { name: /Agregar gasto|Add expense/ })).not.toBeInTheDocument();
    });
  }
});
