import type { MailItemKind } from '@postwise/shared/mail';
import {
  FORWARD_SERVICES,
  type MailRule,
  type MailRuleActionType,
  type MailRuleInput,
  mailRuleSchema,
} from '@postwise/shared/mail-rules';

/** What the rule dialog edits: flat fields, "any" where a condition is left out. */
export interface RuleDraft {
  name: string;
  senderOp: 'any' | 'contains' | 'equals';
  sender: string;
  kind: 'any' | MailItemKind;
  words: string;
  action: MailRuleActionType;
  service: (typeof FORWARD_SERVICES)[number];
  address: {
    name: string;
    line1: string;
    line2: string;
    city: string;
    state: string;
    zipCode: string;
    country: string;
  };
}

export const EMPTY_ADDRESS: RuleDraft['address'] = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'United States',
};

export const EMPTY_DRAFT: RuleDraft = {
  name: '',
  senderOp: 'contains',
  sender: '',
  kind: 'any',
  words: '',
  action: 'scan',
  service: FORWARD_SERVICES[0],
  address: EMPTY_ADDRESS,
};

/** The dialog's address fields for a forwarding address (a rule's, or a saved one). */
export function addressDraftOf(a: {
  name: string;
  line1: string;
  line2?: string | undefined;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}): RuleDraft['address'] {
  return {
    name: a.name,
    line1: a.line1,
    line2: a.line2 ?? '',
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    country: a.country,
  };
}

/** The dialog's fields for an existing rule. */
export function draftOf(rule: MailRule): RuleDraft {
  const a = rule.action.type === 'forward' ? rule.action.address : null;
  return {
    name: rule.name,
    senderOp: rule.match.sender?.op ?? 'any',
    sender: rule.match.sender?.value ?? '',
    kind: rule.match.kind ?? 'any',
    words: rule.match.words ?? '',
    action: rule.action.type,
    service: rule.action.type === 'forward' ? rule.action.service : FORWARD_SERVICES[0],
    address: a ? addressDraftOf(a) : EMPTY_ADDRESS,
  };
}

/**
 * The rule the API takes, checked with the same schema as the server (its messages, by field), so the dialog
 * shows "Shred applies to letters only…" before anything is sent.
 */
export function ruleFromDraft(
  draft: RuleDraft,
): { ok: true; value: MailRuleInput } | { ok: false; errors: Record<string, string> } {
  const action =
    draft.action === 'forward'
      ? {
          type: 'forward' as const,
          service: draft.service,
          address: { ...draft.address, line2: draft.address.line2 || undefined },
        }
      : { type: draft.action };
  const parsed = mailRuleSchema.safeParse({
    name: draft.name,
    match: {
      ...(draft.senderOp !== 'any' ? { sender: { op: draft.senderOp, value: draft.sender } } : {}),
      ...(draft.kind !== 'any' ? { kind: draft.kind } : {}),
      ...(draft.words.trim() ? { words: draft.words } : {}),
    },
    action,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'match';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
