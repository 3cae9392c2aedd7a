import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { LandingHeader } from './landing-header';

function renderHeader(user: { username: string } | null, onLogout = vi.fn()) {
  render(
    <MemoryRouter>
      <LandingHeader user={user} onLogout={onLogout} />
    </MemoryRouter>,
  );
  return { onLogout, header: screen.getByRole('banner') };
}

describe('landing header', () => {
  it('logged out: Log in and Get Started both go to /login, and no Dashboard or Log Out', () => {
    const { header } = renderHeader(null);
    expect(within(header).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(within(header).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
  });

  it('logged in: a Dashboard link and a Log Out button that calls the logout callback', async () => {
    const { header, onLogout } = renderHeader({ username: 'Asha' });
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    await userEvent.click(within(header).getByRole('button', { name: 'Log Out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('has the three section anchors in its navigation', () => {
    renderHeader(null);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Features', '#features'],
      ['Integrations', '#integrations'],
      ['Analytics', '#analytics'],
    ]);
  });
});
