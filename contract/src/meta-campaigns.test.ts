import { describe, expect, it } from 'vitest';
import { setCampaignLabelsSchema, suggestLabels } from './meta-campaigns.js';

describe('suggestLabels', () => {
  it('suggests from the campaign name, never what the campaign already has', () => {
    expect(suggestLabels('Prospecting - IN - Broad')).toEqual(['TOFU']);
    expect(suggestLabels('TOFU | Summer')).toEqual(['TOFU']);
    expect(suggestLabels('Retargeting_30d')).toEqual(['BOFU']);
    expect(suggestLabels('BOFU - DPA catalogue')).toEqual(['BOFU']);
    expect(suggestLabels('MOFU engagement video views')).toEqual(['MOFU']);
    expect(suggestLabels('TOFU+MOFU blend')).toEqual(['TOFU+MOFU']);
    expect(suggestLabels('Retargeting', ['BOFU'])).toEqual([]);
    expect(suggestLabels('Diwali Sale 2026')).toEqual([]);
    // words, not fragments: 'reachable' and 'hottest' say nothing
    expect(suggestLabels('Most reachable hottest deals')).toEqual([]);
  });

  it('a campaign’s labels: trimmed, each once, none empty', () => {
    expect(setCampaignLabelsSchema.parse({ accountId: 'act_1', campaignId: 'c1', labels: [' TOFU ', 'TOFU', 'Festive'] }).labels).toEqual(['TOFU', 'Festive']);
    expect(setCampaignLabelsSchema.safeParse({ accountId: 'act_1', campaignId: 'c1', labels: [''] }).success).toBe(false);
  });
});
