import { describe, expect, it } from 'vitest';
import { MAIL_RULE_MESSAGES } from '@postwise/shared/mail-rules';
import { EMPTY_DRAFT, draftOf, ruleFromDraft } from './rule-draft';

describe('rule dialog', () => {
  it('builds the rule from the fields, leaving out conditions set to any', () => {
    const built = ruleFromDraft({ ...EMPTY_DRAFT, name: 'Scan the bank', sender: 'Chase' });
    expect(built).toEqual({
      ok: true,
      value: { name: 'Scan the bank', match: { sender: { op: 'contains', value: 'Chase' } }, action: { type: 'scan' } },
    });
  });

  it('says shred is for letters only before anything is sent', () => {
    const built = ruleFromDraft({ ...EMPTY_DRAFT, name: 'Shred', sender: 'Ads', action: 'shred' });
    expect(built).toEqual({ ok: false, errors: { action: MAIL_RULE_MESSAGES.shredLettersOnly } });
  });

  it('round-trips a forward rule through the fields', () => {
    const built = ruleFromDraft({
      ...EMPTY_DRAFT,
      name: 'Forward parts',
      senderOp: 'equals',
      sender: 'Parts Depot',
      action: 'forward',
      service: 'UPS Ground',
      address: {
        ...EMPTY_DRAFT.address,
        name: 'Jo Lee',
        line1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
      },
    });
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    const draft = draftOf({
      ...built.value,
      id: 'r1',
      paused: false,
      appliedCount: 0,
      lastAppliedAt: null,
      createdAt: '',
    });
    expect(draft).toMatchObject({
      senderOp: 'equals',
      sender: 'Parts Depot',
      action: 'forward',
      service: 'UPS Ground',
    });
    expect(draft.address.city).toBe('Austin');
  });
});
