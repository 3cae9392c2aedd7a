import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '../../../app/provider';
import { SupportButton } from './support-button';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
let ticketAnswer: () => Response;

function renderButton() {
  render(
    <AppProvider>
      <SupportButton defaults={{ brand: 'Sun Kissed Co', firstName: 'asha', email: 'asha@example.com' }} />
    </AppProvider>,
  );
}

async function openModal() {
  await userEvent.click(screen.getByRole('button', { name: 'Contact support' }));
  return screen.getByRole('dialog', { name: 'Raise a support ticket' });
}

describe('support ticket modal', () => {
  beforeEach(() => {
    ticketAnswer = () => json(200, { success: true, status: 'sent', ticketNumber: '101' });
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/zoho/departments') return json(200, [{ id: 'd1', name: 'Customer Support' }, { id: 'd2', name: 'Billing' }]);
      if (url === '/api/zoho/create-ticket') return ticketAnswer();
      return json(404, { success: false, message: 'not mocked' });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows every spec message and clears each one when its field is edited', async () => {
    renderButton();
    const dialog = await openModal();
    const q = within(dialog);
    await userEvent.clear(q.getByLabelText('Brand name'));
    await userEvent.clear(q.getByLabelText('First name'));
    await userEvent.clear(q.getByLabelText('Email'));
    await userEvent.click(q.getByRole('button', { name: 'Submit ticket' }));
    for (const message of ['Subject is required', 'Brand name is required', 'Please select a department', 'Description is required', 'First Name is required', 'Email is required']) {
      expect(q.getByText(message)).toBeTruthy();
    }
    await userEvent.type(q.getByLabelText('Subject'), 'S');
    expect(q.queryByText('Subject is required')).toBeNull();
    expect(q.getByText('Brand name is required')).toBeTruthy();
    await userEvent.type(q.getByLabelText('Email'), 'asha@');
    await userEvent.click(q.getByRole('button', { name: 'Submit ticket' }));
    expect(q.getByText('Please enter a valid email address')).toBeTruthy();
    await userEvent.type(q.getByLabelText('Email'), 'x');
    expect(q.queryByText('Please enter a valid email address')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/zoho/create-ticket')).toBe(false);
  });

  it('sends the ticket with the chosen department, without an empty last name', async () => {
    renderButton();
    const q = within(await openModal());
    await userEvent.type(q.getByLabelText('Subject'), 'Revenue looks low');
    await waitFor(() => expect(q.getByRole('option', { name: 'Billing' })).toBeTruthy());
    await userEvent.selectOptions(q.getByLabelText('Department'), 'Billing');
    await userEvent.type(q.getByLabelText('Description'), 'Half of what Shopify says');
    await userEvent.click(q.getByRole('button', { name: 'Submit ticket' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/zoho/create-ticket')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ subject: 'Revenue looks low', brand: 'Sun Kissed Co', departmentId: 'd2', description: 'Half of what Shopify says', firstName: 'asha', email: 'asha@example.com' });
    expect(await screen.findByText('Ticket #101 is with our support team.')).toBeTruthy();
  });

  it("says 'There was an error submitting your tickets. Please try again.' when the server fails", async () => {
    ticketAnswer = () => json(502, { success: false, message: 'There was an error submitting your tickets. Please try again.' });
    renderButton();
    const q = within(await openModal());
    await userEvent.type(q.getByLabelText('Subject'), 'Help');
    await waitFor(() => expect(q.getByRole('option', { name: 'Billing' })).toBeTruthy());
    await userEvent.selectOptions(q.getByLabelText('Department'), 'd1');
    await userEvent.type(q.getByLabelText('Description'), 'Something');
    await userEvent.click(q.getByRole('button', { name: 'Submit ticket' }));
    expect((await q.findByRole('alert')).textContent).toBe('There was an error submitting your tickets. Please try again.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
