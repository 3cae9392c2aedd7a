import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { api, server } from '../../../../test/api';
import { AppProvider } from '../../../app/provider';
import { SandboxInbox } from './sandbox-inbox';

const ID = '33333333-3333-4333-8333-333333333333';
const summary = { id: ID, receivedAt: '2026-03-16T02:00:00.000Z', from: 'reports@parallels.dev', to: ['demo@parallels.dev'], subject: 'Daily report for Demo: 2026-03-15' };

function Harness() {
  const [selected, setSelected] = useState<string | undefined>();
  return <SandboxInbox selectedId={selected} onSelect={setSelected} />;
}

describe('sandbox inbox', () => {
  beforeEach(() => {
    server.use(
      api('GET /api/sandbox/mail', () => ({ success: true, data: [summary] })),
      api('GET /api/sandbox/mail/:messageId', () => ({
        success: true,
        data: { ...summary, html: '<html><head></head><body><p>Sales</p></body></html>', text: 'Sales: ₹900\nUnsubscribe: http://localhost/x', headers: [{ name: 'list-unsubscribe-post', value: 'List-Unsubscribe=One-Click' }] },
      })),
    );
  });

  it('lists the caught emails and shows one with its text part and headers', async () => {
    render(
      <AppProvider>
        <Harness />
      </AppProvider>,
    );
    expect(screen.getByText('Choose a message to read it.')).toBeInTheDocument();
    await userEvent.click(await within(await screen.findByRole('list', { name: 'Messages' })).findByRole('button', { name: /Daily report for Demo: 2026-03-15/ }));
    const message = await screen.findByRole('article', { name: 'Daily report for Demo: 2026-03-15' });
    expect(within(message).getByTitle('HTML of Daily report for Demo: 2026-03-15')).toBeInTheDocument();
    await userEvent.click(within(message).getByRole('tab', { name: 'Text' }));
    expect(within(message).getByText(/Sales: ₹900/)).toBeInTheDocument();
    await userEvent.click(within(message).getByRole('tab', { name: 'Headers' }));
    expect(within(message).getByText('list-unsubscribe-post')).toBeInTheDocument();
    expect(within(message).getByText('List-Unsubscribe=One-Click')).toBeInTheDocument();
  });
});
