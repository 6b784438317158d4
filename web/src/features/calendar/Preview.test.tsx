import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Preview } from './CustodyWizard';

const names = { nameA: 'Ana', nameB: 'Bruno', classA: 'nido-parent-0', classB: 'nido-parent-1', weekdayNames: ['lu', 'ma', 'mi', 'ju', 'vi', 'sá', 'do'] };

describe('the custody wizard preview', () => {
  it('shows four weeks of nights and each parent share of a year', () => {
    render(<Preview pattern="eow" start="2026-01-05" cycle={undefined} {...names} />);
    const grid = screen.getByTestId('custody-preview');
    expect(within(grid).getAllByRole('row')).toHaveLength(5);
    // 2026-01-05 is a Monday: Bruno has the first Friday and Saturday nights, 9 and 10 January.
    expect(within(grid).getAllByText('noche con Bruno')).toHaveLength(4);
    const share = screen.getByTestId('custody-share');
    expect(share).toHaveTextContent('85,75 %');
    expect(share).toHaveTextContent('313 noches en un año');
    expect(share).toHaveTextContent('14,25 %');
    expect(share).toHaveTextContent('52 noches en un año');
  });

  it('greys the days of the first week before the start', () => {
    render(<Preview pattern="2-2-5-5" start="2026-03-04" cycle={undefined} {...names} />);
    const firstWeek = within(screen.getByTestId('custody-preview')).getAllByRole('row')[1]!;
    expect(within(firstWeek).queryAllByText(/noche con/)).toHaveLength(5);
  });
});
