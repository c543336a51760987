import { z } from 'zod';
import { MAIL_ITEM_KINDS, type MailItemKind, requestAllowed } from './mail';
import { forwardAddressSchema } from './schemas/mail';
import { pageQuerySchema } from './schemas/paging';

/**
 * A customer's rules on incoming mail: a condition on the sender, the kind and words in the recognised text, and
 * one action taken when an item matching it is received (and again when its text is recognised). The first
 * active rule that matches an item (oldest first) acts on it; the item records which one.
 */

/** The kinds a rule's condition may name (all the kinds a store receives). */
export const MAIL_ITEM_KINDS_FOR_RULES = MAIL_ITEM_KINDS;

export const MAIL_RULE_ACTIONS = ['scan', 'forward', 'shred', 'junk', 'archive', 'notify'] as const;
export type MailRuleActionType = (typeof MAIL_RULE_ACTIONS)[number];

export const MAIL_RULE_ACTION_LABELS: Record<MailRuleActionType, string> = {
  scan: 'Open & scan',
  forward: 'Forward',
  shred: 'Shred',
  junk: 'Junk / recycle',
  archive: 'Archive',
  notify: 'Notify me',
};

/** Services a forward rule may ask for; the store ships with it (the price is the forward's, as by hand). */
export const FORWARD_SERVICES = [
  'USPS First-Class Mail',
  'USPS Priority Mail',
  'UPS Ground',
  'FedEx Ground',
  'FedEx 2Day',
] as const;

/** A customer keeps at most this many rules (they are all read at every intake into their box). */
export const MAX_MAIL_RULES = 50;

export const MAIL_RULE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be 80 characters or fewer',
  conditionRequired: 'Choose at least one condition: sender, kind or words',
  senderRequired: 'Sender is required',
  senderTooLong: 'Sender must be 200 characters or fewer',
  wordsTooLong: 'Words must be 200 characters or fewer',
  actionInvalid: 'Action must be scan, forward, shred, junk, archive or notify',
  serviceRequired: 'Service is required',
  serviceInvalid: `Service must be one of: ${FORWARD_SERVICES.join(', ')}`,
  shredLettersOnly: 'Shred applies to letters only: set the kind to Letter or Large envelope',
  scanPaperOnly: 'Only letters and large envelopes can be opened and scanned',
  tooMany: `You can keep up to ${MAX_MAIL_RULES} rules. Delete one you no longer need first.`,
  notFound: 'Rule not found',
} as const;

const PAPER: readonly MailItemKind[] = ['letter', 'large_envelope'];

export const mailRuleMatchSchema = z
  .object({
    sender: z
      .object({
        op: z.enum(['contains', 'equals']),
        value: z
          .string({ error: MAIL_RULE_MESSAGES.senderRequired })
          .trim()
          .min(1, MAIL_RULE_MESSAGES.senderRequired)
          .max(200, MAIL_RULE_MESSAGES.senderTooLong),
      })
      .optional(),
    kind: z.enum(MAIL_ITEM_KINDS).optional(),
    /** Words that must all appear in the item's recognised text (scan or envelope); checked once text exists. */
    words: z.string().trim().max(200, MAIL_RULE_MESSAGES.wordsTooLong).optional(),
  })
  .refine((m) => m.sender !== undefined || m.kind !== undefined || Boolean(m.words), {
    message: MAIL_RULE_MESSAGES.conditionRequired,
  })
  // Only the conditions given are kept: empty words are no condition.
  .transform((m): MailRuleMatch => ({
    ...(m.sender ? { sender: m.sender } : {}),
    ...(m.kind ? { kind: m.kind } : {}),
    ...(m.words ? { words: m.words } : {}),
  }));

/** A rule's condition: every part given must hold. */
export interface MailRuleMatch {
  sender?: { op: 'contains' | 'equals'; value: string };
  kind?: MailItemKind;
  /** Words that must all appear in the item's recognised text (scan or envelope). */
  words?: string;
}

export const mailRuleActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('scan') }),
    z.object({
      type: z.literal('forward'),
      address: forwardAddressSchema,
      service: z.enum(FORWARD_SERVICES, { error: MAIL_RULE_MESSAGES.serviceInvalid }),
    }),
    z.object({ type: z.literal('shred') }),
    z.object({ type: z.literal('junk') }),
    z.object({ type: z.literal('archive') }),
    z.object({ type: z.literal('notify') }),
  ],
  { error: MAIL_RULE_MESSAGES.actionInvalid },
);
export type MailRuleAction = z.output<typeof mailRuleActionSchema>;

const nameSchema = z
  .string({ error: MAIL_RULE_MESSAGES.nameRequired })
  .trim()
  .min(1, MAIL_RULE_MESSAGES.nameRequired)
  .max(80, MAIL_RULE_MESSAGES.nameTooLong);

/** Rules that tie the action to the kind: shred only for letters (by kind), scan never for a package or pallet. */
function checkActionFitsKind(rule: { match: MailRuleMatch; action: MailRuleAction }, ctx: z.RefinementCtx): void {
  const kind = rule.match.kind;
  if (rule.action.type === 'shred' && (!kind || !PAPER.includes(kind))) {
    ctx.addIssue({ code: 'custom', path: ['action'], message: MAIL_RULE_MESSAGES.shredLettersOnly });
  }
  if (rule.action.type === 'scan' && kind && !PAPER.includes(kind)) {
    ctx.addIssue({ code: 'custom', path: ['action'], message: MAIL_RULE_MESSAGES.scanPaperOnly });
  }
}

/** POST mail-rules: a whole rule. */
export const mailRuleSchema = z
  .object({ name: nameSchema, match: mailRuleMatchSchema, action: mailRuleActionSchema })
  .superRefine(checkActionFitsKind);
export type MailRuleInput = z.output<typeof mailRuleSchema>;

/** PATCH mail-rules/{id}: any part of a rule, and `paused` to pause or resume it. */
export const mailRulePatchSchema = z.object({
  name: nameSchema.optional(),
  match: mailRuleMatchSchema.optional(),
  action: mailRuleActionSchema.optional(),
  paused: z.boolean().optional(),
});
export type MailRulePatch = z.output<typeof mailRulePatchSchema>;

export const mailRuleListQuerySchema = pageQuerySchema;

/** GET mail-rules, POST / PATCH answers. */
export interface MailRule {
  id: string;
  name: string;
  match: MailRuleMatch;
  action: MailRuleAction;
  paused: boolean;
  /** Items this rule has acted on, and when it last did. */
  appliedCount: number;
  lastAppliedAt: string | null;
  createdAt: string;
}

/** What a rule is checked against: the item as received, and its recognised text once there is one. */
export interface RuleSubject {
  sender: string;
  kind: MailItemKind;
  text: string | null;
}

const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Whether the rule's condition holds for the item: every condition given must hold. A condition on words needs
 * recognised text: without text it does not hold yet (the rule is checked again when the text is recognised).
 * A rule whose action cannot apply to the item's kind (scanning or shredding a package) does not match it.
 */
export function ruleMatches(rule: { match: MailRuleMatch; action: Pick<MailRuleAction, 'type'> }, item: RuleSubject) {
  const { match } = rule;
  if (match.kind && match.kind !== item.kind) return false;
  if (match.sender) {
    const sender = normalise(item.sender);
    const value = normalise(match.sender.value);
    if (match.sender.op === 'equals' ? sender !== value : !sender.includes(value)) return false;
  }
  if (match.words) {
    if (!item.text) return false;
    const text = normalise(item.text);
    if (
      !normalise(match.words)
        .split(' ')
        .every((word) => text.includes(word))
    )
      return false;
  }
  const type = rule.action.type;
  if ((type === 'scan' || type === 'shred') && !requestAllowed(item.kind, 'received', type)) return false;
  return true;
}

/** A short sentence for the rule's condition ("Sender contains “bank” · Letter · Words “invoice due”"). */
export function describeMatch(match: MailRuleMatch, kindLabels: Record<MailItemKind, string>): string {
  const parts: string[] = [];
  if (match.sender) parts.push(`Sender ${match.sender.op} “${match.sender.value}”`);
  if (match.kind) parts.push(kindLabels[match.kind]);
  if (match.words) parts.push(`Words “${match.words}”`);
  return parts.join(' · ');
}
