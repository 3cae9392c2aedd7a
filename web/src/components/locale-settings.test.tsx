import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localeStore } from '../lib/locale';
import { LocaleSettings } from './locale-settings';

afterEach(() => {
  localStorage.clear();
  localeStore.reload();
});

describe('number format setting', () => {
  it('shows Indian by default and remembers International when chosen', async () => {
    render(<LocaleSettings />);
    const select = screen.getByRole('combobox', { name: 'Number format' });
    expect(select).toHaveValue('en-IN');
    expect(screen.getByRole('option', { name: 'Indian' })).toBeInTheDocument();

    await userEvent.selectOptions(select, 'International');
    expect(select).toHaveValue('en-US');
    expect(localeStore.get()).toBe('en-US');
    expect(localStorage.getItem('parallels.locale')).toBe('en-US');
  });
});
