import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_REPEAT, toRRule, type Repeat } from './recurrence';
import { RecurrenceBuilder } from './RecurrenceBuilder';

function Harness({ seen }: { seen: (repeat: Repeat) => void }) {
  const [repeat, setRepeat] = useState<Repeat>(NO_REPEAT);
  return (
    <RecurrenceBuilder
      value={repeat}
      start="2026-03-02"
      onChange={(next) => {
        seen(next);
        setRepeat(next);
      }}
    />
  );
}

describe('the recurrence builder', () => {
  it('turns plain choices into the rule, and says it in words', async () => {
    let last: Repeat = NO_REPEAT;
    render(<Harness seen={(r) => (last = r)} />);
    await userEvent.selectOptions(screen.getByLabelText('Se repite'), 'weekly');
    const interval = screen.getByLabelText('Cada cuántas semanas');
    await userEvent.clear(interval);
    await userEvent.type(interval, '2');
    await userEvent.click(screen.getByRole('button', { name: 'lunes' }));
    await userEvent.click(screen.getByRole('button', { name: 'jueves' }));
    expect(screen.getByRole('button', { name: 'jueves' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'Después de' }));
    expect(screen.getByText('Cada 2 semanas los lunes, jueves, 10 veces')).toBeInTheDocument();
    expect(toRRule(last, '2026-03-02', 'Europe/Madrid')).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=10');
  });

  it('offers no repeat details until a frequency is chosen', () => {
    render(<Harness seen={() => undefined} />);
    expect(screen.queryByText('Termina')).not.toBeInTheDocument();
    expect(screen.getAllByText('No se repite').length).toBeGreaterThan(0);
  });
});
