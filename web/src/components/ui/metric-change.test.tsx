import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MetricChange } from './metric-change';

describe('MetricChange', () => {
  it('shows a rise in green and a fall in red', () => {
    render(
      <>
        <MetricChange change={12.5} trend="up" locale="en-US" versus="last week" />
        <MetricChange change={-3} trend="down" locale="en-US" versus="last week" />
      </>,
    );
    expect(screen.getByLabelText(/^Up .* vs last week$/).className).toContain('text-emerald-700');
    expect(screen.getByLabelText(/^Down .* vs last week$/).className).toContain('text-rose-700');
  });

  it('turns the colours round where less is better (returns, cost per click), keeping the arrow', () => {
    render(
      <>
        <MetricChange change={12.5} trend="up" locale="en-US" versus="last week" lowerIsBetter />
        <MetricChange change={-3} trend="down" locale="en-US" versus="last week" lowerIsBetter />
      </>,
    );
    const up = screen.getByLabelText(/^Up .* vs last week$/);
    expect(up.className).toContain('text-rose-700');
    expect(up.textContent).toContain('▲');
    expect(screen.getByLabelText(/^Down .* vs last week$/).className).toContain('text-emerald-700');
  });

  it('says there is no comparison yet when the change is unknown', () => {
    render(<MetricChange change={null} trend={null} locale="en-US" versus="last week" lowerIsBetter />);
    expect(screen.getByTitle('No comparison with last week yet').textContent).toBe('-');
  });
});
