import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { coparentStatistics } from './fixture';
import { sectionRows, statisticsSections, type Words } from './tables';
import { toCsv } from './csv';
import { presetRange } from './period';

// The canvas chart draws nothing in jsdom; what it shows is what the tables beside it read out.
vi.mock('../../components/BarChart', () => ({ BarChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));
const { StatisticsView } = await import('./StatisticsView');

function words(language: 'es' | 'en'): Words {
  const t = i18n.getFixedT(language);
  return {
    t: (key, options) => t(key, options),
    person: (id) => ({ ana: 'Ana', beto: 'Beto' })[id] ?? '?',
    month: (mes) => mes,
    number: (n) => String(n),
    money: (minor, currency) => `${currency} ${(minor / 100).toFixed(2)}`,
    minutes: (n) => (n === null || n === undefined ? '—' : `${n} min`),
  };
}

describe('statistics', () => {
  it('shows each section as tables beside their charts, in the page language', async () => {
    await i18n.changeLanguage('en');
    const onCsv = vi.fn();
    const sections = statisticsSections(coparentStatistics, words('en'));
    render(<StatisticsView sections={sections} language="en" onCsv={onCsv} />);
    const time = screen.getByRole('region', { name: 'Time with each parent' });
    const nights = within(time).getByRole('table', { name: 'Nights and hours in the period' });
    const beto = within(nights).getByRole('row', { name: /Beto/ });
    expect(within(beto).getAllByRole('cell').map((c) => c.textContent)).toEqual(['30', '29', '47.54 %', '693.5']);
    expect(within(time).getByRole('img', { name: /Actual nights by month/ })).toBeInTheDocument();
    const money = screen.getByRole('region', { name: 'Money' });
    expect(within(money).getByRole('table', { name: /Balance at each month's end/ })).toHaveTextContent('ARS -3599.75');
    const messages = screen.getByRole('region', { name: 'Messages' });
    const ana = within(within(messages).getByRole('table', { name: 'Messages by person' })).getByRole('row', { name: /Ana/ });
    expect(within(ana).getAllByRole('cell').map((c) => c.textContent)).toEqual(['40', '2', '0', '95 min', '12 min']);
    await userEvent.click(within(messages).getByRole('button', { name: 'Download CSV' }));
    expect(onCsv).toHaveBeenCalledWith(sections[2]);
    await i18n.changeLanguage('es');
  });

  it('a viewer has no money section, and an empty one says what will show', async () => {
    await i18n.changeLanguage('es');
    const viewer = { ...coparentStatistics, dinero: undefined, mensajes: { porPersona: [], porMes: [] } };
    const sections = statisticsSections(viewer, words('es'));
    expect(sections.map((s) => s.key)).toEqual(['time', 'messages']);
    render(<StatisticsView sections={sections} language="es" onCsv={() => {}} />);
    const messages = screen.getByRole('region', { name: 'Mensajes' });
    expect(messages).toHaveTextContent('Cuando haya mensajes en tus conversaciones');
    expect(within(messages).queryByRole('button')).toBeNull();
  });

  it('a section as CSV holds each table with its title and header, formulas defused', () => {
    const [time] = statisticsSections(coparentStatistics, { ...words('es'), person: (id) => (id === 'ana' ? '=Ana' : 'Beto, B.') });
    const csv = toCsv(sectionRows(time!));
    expect(csv.split('\r\n').slice(0, 4)).toEqual(['Noches y horas del período', 'Persona,Noches previstas,Noches reales,% real,Horas reales', "'=Ana,31,32,52.46 %,770.5", '"Beto, B.",30,29,47.54 %,693.5']);
  });

  it('the presets end today and go back one, three or twelve months', () => {
    const today = new Date(2026, 10, 29);
    expect(presetRange('month', today)).toEqual({ desde: '2026-10-30', hasta: '2026-11-29' });
    expect(presetRange('quarter', today)).toEqual({ desde: '2026-08-30', hasta: '2026-11-29' });
    expect(presetRange('year', new Date(2026, 0, 31))).toEqual({ desde: '2025-02-01', hasta: '2026-01-31' });
  });
});
