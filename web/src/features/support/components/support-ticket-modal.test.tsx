import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, bodyOf, fail, sent, server, type Resolver } from '../../../../test/api';
import { AppProvider } from '../../../app/provider';
import { SupportButton } from './support-button';

let ticketAnswer: Resolver<'POST /api/zoho/create-ticket'>;

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
    ticketAnswer = () => ({ success: true, status: 'sent', ticketNumber: '101' });
    server.use(
      api('GET /api/zoho/departments', () => [
        { id: 'd1', name: 'Customer Support' },
        { id: 'd2', name: 'Billing' },
      ]),
      api('POST /api/zoho/create-ticket', (info) => ticketAnswer(info)),
    );
  });

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
    expect(sent('POST /api/zoho/create-ticket')).toHaveLength(0);
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
    expect(bodyOf('POST /api/zoho/create-ticket')).toEqual({ subject: 'Revenue looks low', brand: 'Sun Kissed Co', departmentId: 'd2', description: 'Half of what Shopify says', firstName: 'asha', email: 'asha@example.com' });
    expect(await screen.findByText('Ticket #101 is with our support team.')).toBeTruthy();
  });

  it("says 'There was an error submitting your tickets. Please try again.' when the server fails", async () => {
    ticketAnswer = () => fail(502, { success: false, message: 'There was an error submitting your tickets. Please try again.' });
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
