import { describe, expect, it } from 'vitest';
import { MAIL_RULE_MESSAGES, mailRuleSchema, ruleMatches } from './mail-rules';

const letter = { sender: 'Chase Bank N.A.', kind: 'letter' as const, text: null };

describe('mail rules', () => {
  it('matches on sender contains or equals, case and spacing aside', () => {
    const contains = {
      match: { sender: { op: 'contains' as const, value: 'chase  bank' } },
      action: { type: 'scan' as const },
    };
    expect(ruleMatches(contains, letter)).toBe(true);
    const equals = {
      match: { sender: { op: 'equals' as const, value: 'chase bank' } },
      action: { type: 'notify' as const },
    };
    expect(ruleMatches(equals, letter)).toBe(false);
    expect(ruleMatches(equals, { ...letter, sender: ' CHASE BANK ' })).toBe(true);
  });

  it('needs every condition, and holds a words condition until there is text', () => {
    const rule = { match: { kind: 'letter' as const, words: 'invoice due' }, action: { type: 'archive' as const } };
    expect(ruleMatches(rule, letter)).toBe(false);
    expect(ruleMatches(rule, { ...letter, text: 'Your INVOICE is due on May 1' })).toBe(true);
    expect(ruleMatches(rule, { ...letter, kind: 'package', text: 'invoice due' })).toBe(false);
  });

  it('never scans or shreds a package, even when the sender matches', () => {
    const scan = { match: { sender: { op: 'contains' as const, value: 'chase' } }, action: { type: 'scan' as const } };
    expect(ruleMatches(scan, { ...letter, kind: 'package' })).toBe(false);
  });

  it('refuses shred unless the kind is a letter, and a rule without any condition', () => {
    const shred = mailRuleSchema.safeParse({
      name: 'Shred ads',
      match: { sender: { op: 'contains', value: 'ads' } },
      action: { type: 'shred' },
    });
    expect(shred.success).toBe(false);
    expect(shred.error?.issues[0]?.message).toBe(MAIL_RULE_MESSAGES.shredLettersOnly);
    expect(
      mailRuleSchema.safeParse({ name: 'Shred ads', match: { kind: 'letter' }, action: { type: 'shred' } }).success,
    ).toBe(true);
    const empty = mailRuleSchema.safeParse({ name: 'All', match: {}, action: { type: 'notify' } });
    expect(empty.error?.issues[0]?.message).toBe(MAIL_RULE_MESSAGES.conditionRequired);
  });
});
