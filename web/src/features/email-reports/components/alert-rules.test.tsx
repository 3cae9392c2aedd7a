import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeAlertRule, type AlertRule, type AlertRuleBody } from '@parallels/contract/alerts';
import { api, fail, server } from '../../../../test/api';
import { AppProvider } from '../../../app/provider';
import { AlertRules } from './alert-rules';

const B1 = '11111111-1111-4111-8111-111111111111';
let rules: AlertRule[];
let nextId = 1;
const ruleOf = (id: string, body: AlertRuleBody): AlertRule => ({ id, brandId: B1, ...body, description: describeAlertRule(body) });

function renderRules() {
  render(
    <AppProvider>
      <AlertRules brandId={B1} brandName="Sun Kissed Co" />
    </AppProvider>,
  );
}

describe('alert rules', () => {
  beforeEach(() => {
    rules = [ruleOf('r0', { source: 'google-ads', metric: 'spend', period: 'yesterday', comparison: 'above', threshold: 50000 })];
    server.use(
      api('GET /api/alerts/rules/:brandId', () => ({ success: true, data: rules })),
      api('POST /api/alerts/rules/:brandId', ({ body }) => {
        const rule = body as AlertRuleBody;
        if (rule.comparison === 'drops_by' && rule.threshold > 1000) return fail(400, { success: false, message: 'Enter a percentage between 0 and 1000' });
        const added = ruleOf(`r${nextId++}`, rule);
        rules = [...rules, added];
        return { success: true, data: added };
      }),
      api('PUT /api/alerts/rules/:brandId/:ruleId', ({ params, body }) => {
        const rule = ruleOf(params.ruleId, body as AlertRuleBody);
        rules = rules.map((r) => (r.id === rule.id ? rule : r));
        return { success: true, data: rule };
      }),
      api('DELETE /api/alerts/rules/:brandId/:ruleId', ({ params }) => {
        rules = rules.filter((r) => r.id !== params.ruleId);
        return { success: true };
      }),
    );
  });

  it('lists the rules in words', async () => {
    renderRules();
    const list = await screen.findByRole('list', { name: 'Alert rules for Sun Kissed Co' });
    expect(within(list).getByText('Google Spend yesterday above 50000')).toBeInTheDocument();
  });

  it('adds a rule, with a message for a missing threshold and for what the server refuses', async () => {
    renderRules();
    await userEvent.click(await screen.findByRole('button', { name: 'Add alert rule' }));
    const form = screen.getByRole('form', { name: 'New alert rule' });
    await userEvent.selectOptions(within(form).getByLabelText('Source'), 'analytics');
    await userEvent.selectOptions(within(form).getByLabelText('Metric'), 'sessions');
    await userEvent.selectOptions(within(form).getByLabelText('Period'), 'last7Days');
    await userEvent.selectOptions(within(form).getByLabelText('Comparison'), 'drops_by');
    await userEvent.clear(within(form).getByLabelText('Threshold'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(within(form).getByText('Enter a threshold of 0 or more')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Threshold'), '3000');
    await userEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(await within(form).findByText('Enter a percentage between 0 and 1000')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Threshold'));
    await userEvent.type(within(form).getByLabelText('Threshold'), '30');
    await userEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    const list = screen.getByRole('list', { name: 'Alert rules for Sun Kissed Co' });
    expect(await within(list).findByText('Sessions in the last 7 days down more than 30% against the period before')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New alert rule' })).not.toBeInTheDocument();
  });

  it('edits and removes a rule', async () => {
    renderRules();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Google Spend yesterday above 50000' }));
    const form = screen.getByRole('form', { name: 'Edit alert rule' });
    await userEvent.clear(within(form).getByLabelText('Threshold'));
    await userEvent.type(within(form).getByLabelText('Threshold'), '40000');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(screen.getByRole('list', { name: 'Alert rules for Sun Kissed Co' })).findByText('Google Spend yesterday above 40000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Google Spend yesterday above 40000' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Alert rules for Sun Kissed Co' })).not.toBeInTheDocument());
  });
});
