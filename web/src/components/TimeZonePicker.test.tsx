import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimeZonePicker } from './TimeZonePicker';
import { zoneLabel } from '../lib/timeZones';

function Harness({ initial, onPick }: { initial: string; onPick?: (zone: string) => void }) {
  const [zone, setZone] = useState(initial);
  return (
    <TimeZonePicker
      label="Zona horaria"
      hint="La hora de referencia"
      value={zone}
      onChange={(z) => {
        setZone(z);
        onPick?.(z);
      }}
    />
  );
}

describe('TimeZonePicker', () => {
  it('shows the saved zone with its offset and tells assistive technology about it', () => {
    render(<Harness initial="America/Argentina/Buenos_Aires" />);
    const box = screen.getByRole('combobox', { name: 'Zona horaria' });
    expect(box).toHaveValue(zoneLabel('America/Argentina/Buenos_Aires'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAccessibleDescription('La hora de referencia');
  });

  it('filters by what is typed and picks with the keyboard', async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    render(<Harness initial="America/Argentina/Buenos_Aires" onPick={(z) => picked.push(z)} />);
    const box = screen.getByRole('combobox', { name: 'Zona horaria' });
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.type(box, 'madrid');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent('Europe/Madrid');
    await user.keyboard('{Enter}');
    expect(picked).toEqual(['Europe/Madrid']);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue(zoneLabel('Europe/Madrid'));
  });

  it('moves through the matches with the arrows and leaves the zone alone on Escape', async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    render(<Harness initial="Europe/Madrid" onPick={(z) => picked.push(z)} />);
    const box = screen.getByRole('combobox', { name: 'Zona horaria' });
    await user.click(box);
    await user.type(box, 'america new');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(picked).toEqual([]);
    expect(box).toHaveValue(zoneLabel('Europe/Madrid'));
    await user.click(box);
    await user.type(box, 'atlantis');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('picks with the pointer', async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    render(<Harness initial="Europe/Madrid" onPick={(z) => picked.push(z)} />);
    await user.click(screen.getByRole('combobox', { name: 'Zona horaria' }));
    await user.type(screen.getByRole('combobox', { name: 'Zona horaria' }), 'tokyo');
    await user.click(screen.getByRole('option', { name: /Tokyo/ }));
    expect(picked).toEqual(['Asia/Tokyo']);
  });
});
