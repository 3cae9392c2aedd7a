import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { DateRangePicker } from './date-range-picker';

const TODAY = '2026-05-31';

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

function renderPicker(url = '/admetrics/b1', today = TODAY) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <p>outside</p>
      <DateRangePicker today={today} />
      <LocationProbe />
      <BackButton />
    </MemoryRouter>,
  );
}

function urlParams(): URLSearchParams {
  const text = screen.getByRole('status', { name: 'location' }).textContent ?? '';
  return new URLSearchParams(text.split('?')[1] ?? '');
}

const pickerButton = () => screen.getByRole('button', { name: /^Date range:/ });

async function openPanel() {
  await userEvent.click(pickerButton());
  return screen.getByRole('dialog', { name: 'Choose dates' });
}

async function typeDay(label: string, text: string) {
  const input = screen.getByRole('textbox', { name: label });
  await userEvent.clear(input);
  await userEvent.type(input, text);
  await userEvent.tab();
}

describe('date range picker', () => {
  it('shows the default range, first of the month to today, when the URL has none', () => {
    renderPicker();
    expect(screen.getByRole('button', { name: 'Date range: 1 May 2026 – 31 May 2026' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the range and comparison held in the URL', () => {
    renderPicker('/dashboard?from=2026-05-01&to=2026-05-21&compareFrom=2026-04-10&compareTo=2026-04-30');
    expect(pickerButton()).toHaveTextContent('1 May 2026 – 21 May 2026 · vs 10 Apr – 30 Apr');
  });

  it.each([
    ['Today', '2026-05-31', '2026-05-31'],
    ['Yesterday', '2026-05-30', '2026-05-30'],
    ['This Week', '2026-05-25', '2026-05-31'],
    ['Last 7 Days', '2026-05-24', '2026-05-30'],
    ['Last week', '2026-05-18', '2026-05-24'],
    ['Last 30 Days', '2026-05-01', '2026-05-30'],
    ['This Month', '2026-05-01', '2026-05-31'],
    ['Last 3 Months', '2026-02-28', '2026-05-30'],
    ['Last 6 Months', '2025-11-30', '2026-05-30'],
    ['This Quarter', '2026-04-01', '2026-05-31'],
    ['Last Quarter', '2026-01-01', '2026-03-31'],
    ['This Year', '2026-01-01', '2026-05-31'],
    ['Last 365 Days', '2025-05-31', '2026-05-30'],
    ['Last Year', '2025-01-01', '2025-12-31'],
  ])('quick select %s applies %s to %s at once and closes', async (label, from, to) => {
    renderPicker('/admetrics/b1?tab=meta');
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: label }));
    expect(urlParams().get('from')).toBe(from);
    expect(urlParams().get('to')).toBe(to);
    expect(urlParams().get('tab')).toBe('meta');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pickerButton()).toHaveFocus();
  });

  it('applies typed dates on blur, but only writes them to the URL on Apply', async () => {
    renderPicker();
    await openPanel();
    await typeDay('From', '2026-05-10');
    await typeDay('To', '2026-05-20');
    expect(screen.getByRole('button', { name: '20 May 2026' }).closest('td')).toHaveAttribute('aria-selected', 'true');
    expect(urlParams().get('from')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(urlParams().get('from')).toBe('2026-05-10');
    expect(urlParams().get('to')).toBe('2026-05-20');
    expect(pickerButton()).toHaveTextContent('10 May 2026 – 20 May 2026');
    expect(pickerButton()).toHaveFocus();
  });

  it('does not apply an invalid or unavailable typed date', async () => {
    renderPicker('/dashboard?from=2026-05-02&to=2026-05-09');
    await openPanel();
    await typeDay('From', '2026-5-10');
    expect(screen.getByText('Enter a date as YYYY-MM-DD')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveAttribute('aria-invalid', 'true');
    await typeDay('To', '2026-06-01');
    expect(screen.getByText('Dates after today are not available')).toBeInTheDocument();
    await typeDay('To', '2024-04-30');
    expect(screen.getByText('Dates before 2024-05-01 are not available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(urlParams().get('from')).toBe('2026-05-02');
    expect(urlParams().get('to')).toBe('2026-05-09');
  });

  it('a typed from after the to collapses the range to that single day', async () => {
    renderPicker('/dashboard?from=2026-05-10&to=2026-05-20');
    await openPanel();
    await typeDay('From', '2026-05-25');
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('2026-05-25');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(urlParams().get('from')).toBe('2026-05-25');
    expect(urlParams().get('to')).toBe('2026-05-25');
  });

  it('disables days after today', async () => {
    renderPicker('/dashboard', '2026-05-20');
    await openPanel();
    expect(screen.getByRole('grid', { name: 'May 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '20 May 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '21 May 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  });

  it('disables days before the last 24 months (the server refuses them too)', async () => {
    // today 2026-05-31: reports reach back to 2024-05-01, a Wednesday; the first week row shows 29-30 April.
    renderPicker('/dashboard?from=2024-05-01&to=2024-05-10');
    await openPanel();
    expect(screen.getByRole('grid', { name: 'May 2024' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 April 2024' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '1 May 2024' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  });

  it('picks a single day with one click and a range with two on the calendar', async () => {
    renderPicker();
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: '12 May 2026' }));
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('2026-05-12');
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('2026-05-12');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(urlParams().get('from')).toBe('2026-05-12');
    expect(urlParams().get('to')).toBe('2026-05-12');

    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: '28 April 2026' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await userEvent.click(screen.getByRole('button', { name: '3 May 2026' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(urlParams().get('from')).toBe('2026-04-28');
    expect(urlParams().get('to')).toBe('2026-05-03');
  });

  it('compare mode writes the previous period and switching it off removes it', async () => {
    renderPicker('/dashboard?from=2026-05-01&to=2026-05-21');
    await openPanel();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare' }));
    expect(screen.getByRole('textbox', { name: 'Compare from' })).toHaveValue('2026-04-10');
    expect(screen.getByRole('textbox', { name: 'Compare to' })).toHaveValue('2026-04-30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(urlParams().get('compareFrom')).toBe('2026-04-10');
    expect(urlParams().get('compareTo')).toBe('2026-04-30');
    expect(pickerButton()).toHaveTextContent('· vs 10 Apr – 30 Apr');

    // typed compare days follow the same rules
    await openPanel();
    expect(screen.getByRole('checkbox', { name: 'Compare' })).toBeChecked();
    await typeDay('Compare from', '2026-13-01');
    expect(screen.getByText('Enter a date as YYYY-MM-DD')).toBeInTheDocument();
    await typeDay('Compare from', '2026-04-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // as long as the range (21 days): the compare range is equal in length, whatever was typed
    expect(urlParams().get('compareFrom')).toBe('2026-04-01');
    expect(urlParams().get('compareTo')).toBe('2026-04-21');
    await openPanel();
    await typeDay('Compare to', '2026-03-31');
    expect(screen.getByRole('textbox', { name: 'Compare from' })).toHaveValue('2026-03-11');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(pickerButton()).toHaveTextContent('· vs 11 Mar – 31 Mar');

    await openPanel();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare' }));
    expect(screen.queryByRole('textbox', { name: 'Compare from' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(urlParams().has('compareFrom')).toBe(false);
    expect(urlParams().has('compareTo')).toBe(false);
    expect(urlParams().get('from')).toBe('2026-05-01');
  });

  it('a quick select while comparing compares with the new previous period', async () => {
    renderPicker('/dashboard?from=2026-05-01&to=2026-05-21&compareFrom=2026-04-10&compareTo=2026-04-30');
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(Object.fromEntries(urlParams())).toEqual({ from: '2026-05-30', to: '2026-05-30', compareFrom: '2026-05-29', compareTo: '2026-05-29' });
  });

  it('Escape, Cancel and a click outside close the panel without applying the draft', async () => {
    renderPicker();
    await openPanel();
    await typeDay('From', '2026-05-10');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pickerButton()).toHaveFocus();
    expect(pickerButton()).toHaveAttribute('aria-expanded', 'false');

    await openPanel();
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('2026-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pickerButton()).toHaveFocus();

    await openPanel();
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(urlParams().has('from')).toBe(false);
  });

  it('moves focus between days with the arrow keys, never onto a disabled day', async () => {
    renderPicker('/dashboard?from=2026-05-29&to=2026-05-30');
    await openPanel();
    const day30 = screen.getByRole('button', { name: '30 May 2026' });
    expect(day30).toHaveAttribute('tabindex', '0');
    day30.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: '31 May 2026' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: '31 May 2026' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: '24 May 2026' })).toHaveFocus();
    await userEvent.keyboard('{PageUp}');
    expect(screen.getByRole('grid', { name: 'April 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '24 April 2026' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('2026-04-24');
  });

  it('each applied range is a history entry, so Back returns to the previous one', async () => {
    renderPicker('/dashboard?from=2026-05-02&to=2026-05-09');
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Last Year' }));
    expect(pickerButton()).toHaveTextContent('1 Jan 2025 – 31 Dec 2025');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(pickerButton()).toHaveTextContent('2 May 2026 – 9 May 2026');
  });
});
