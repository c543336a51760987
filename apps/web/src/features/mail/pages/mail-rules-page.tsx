import { useState } from 'react';
import { ListFilter, Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { MAIL_ITEM_KINDS, MAIL_ITEM_KIND_LABELS } from '@postwise/shared/mail';
import {
  FORWARD_SERVICES,
  MAIL_RULE_ACTIONS,
  MAIL_RULE_ACTION_LABELS,
  MAX_MAIL_RULES,
  type MailRule,
  describeMatch,
} from '@postwise/shared/mail-rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageWithHeader } from '../../../components/ui/page-header';
import { SkeletonList } from '../../../components/ui/skeleton';
import { errorText, showError, showSuccess } from '../../../lib/toast';
import { shortDate } from '../../../lib/format';
import { useCreateMailRule, useDeleteMailRule, useMailRules, useUpdateMailRule } from '../api/mail-rules';
import { savedToForward, useSavedAddresses } from '../api/forward-addresses';
import { EMPTY_DRAFT, type RuleDraft, addressDraftOf, draftOf, ruleFromDraft } from '../lib/rule-draft';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LabelledSelect } from '../../../components/ui/choice-select';
import { FieldError } from '../../../components/ui/field-error';
import { LinkButton } from '../../../components/ui/link-button';

/** What a rule does, in a few words ("Forward with UPS Ground to Austin, TX"). */
function describeAction(rule: MailRule): string {
  const a = rule.action;
  if (a.type === 'forward') return `Forward with ${a.service} to ${a.address.city}, ${a.address.state}`;
  return MAIL_RULE_ACTION_LABELS[a.type];
}

/** /mail-rules: the customer's rules on incoming mail, checked oldest first; the first that matches acts. */
export function MailRulesPage() {
  const rules = useMailRules(1, MAX_MAIL_RULES);
  const update = useUpdateMailRule();
  const remove = useDeleteMailRule();
  const [editing, setEditing] = useState<MailRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MailRule | null>(null);

  const togglePause = async (rule: MailRule) => {
    try {
      await update.mutateAsync({ id: rule.id, patch: { paused: !rule.paused } });
      showSuccess(rule.paused ? `“${rule.name}” resumed` : `“${rule.name}” paused`);
    } catch (error) {
      showError(errorText(error));
    }
  };

  let body;
  if (rules.isPending) {
    body = <SkeletonList count={2} className="grid gap-3" itemClassName="h-20" />;
  } else if (rules.isError) {
    body = <QueryErrorState query={rules} title="Could not load your rules" />;
  } else if (rules.data.items.length === 0) {
    body = (
      <EmptyState
        icon={ListFilter}
        title="No rules yet"
        description="A rule acts on new mail for you: scan letters from your bank, forward parcels from a shop, recycle flyers."
        action={
          <Button variant="orange" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Create rule
          </Button>
        }
      />
    );
  } else {
    body = (
      <ol className="grid gap-3" data-testid="mail-rules">
        {rules.data.items.map((rule) => (
          <li
            key={rule.id}
            data-testid="mail-rule"
            className="flex flex-col gap-3 rounded-card border bg-background p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="grid min-w-0 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{rule.name}</span>
                {rule.paused ? <Badge variant="warning">Paused</Badge> : <Badge variant="success">Active</Badge>}
              </div>
              <p className="text-sm text-muted-foreground">
                When: {describeMatch(rule.match, MAIL_ITEM_KIND_LABELS)} → {describeAction(rule)}
              </p>
              <p className="text-xs text-muted-foreground">
                {rule.appliedCount === 0
                  ? 'Has not acted yet'
                  : `Acted on ${rule.appliedCount} ${rule.appliedCount === 1 ? 'item' : 'items'}${
                      rule.lastAppliedAt ? `, last on ${shortDate(rule.lastAppliedAt)}` : ''
                    }`}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => void togglePause(rule)} disabled={update.isPending}>
                {rule.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
                {rule.paused ? 'Resume' : 'Pause'}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setEditing(rule)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setDeleting(rule)} aria-label={`Delete ${rule.name}`}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <PageWithHeader
      title="Mail rules"
      description="Rules act on new mail as it arrives, oldest rule first: the first one that matches an item acts on it. Scans and forwards are charged like the ones you ask for by hand."
      actions={
        <div className="flex flex-wrap gap-2 lg:flex-nowrap">
          <LinkButton to="/inbox" variant="outline">
            Back to inbox
          </LinkButton>
          <Button variant="orange" onClick={() => setEditing('new')} data-testid="create-rule">
            <Plus aria-hidden="true" />
            Create rule
          </Button>
        </div>
      }
    >
      {body}
      {editing ? <RuleDialog rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description="New mail is no longer checked against it. Items it already acted on keep its name."
        confirmLabel="Delete rule"
        pending={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            showSuccess('Rule deleted');
            setDeleting(null);
          } catch (error) {
            showError(errorText(error));
          }
        }}
      />
    </PageWithHeader>
  );
}

const KIND_OPTIONS = ['any', ...MAIL_ITEM_KINDS] as const;

const SENDER_OPTIONS = [
  { value: 'any', label: 'Any sender' },
  { value: 'contains', label: 'contains' },
  { value: 'equals', label: 'is exactly' },
] as const;

/** The forwarding address fields of a rule, in the order an address is written. */
const ADDRESS_FIELDS = [
  ['name', 'Name'],
  ['line1', 'Address Line 1'],
  ['city', 'City'],
  ['state', 'State'],
  ['zipCode', 'Zip Code'],
  ['country', 'Country'],
] as const;

/** Create or edit a rule: condition, action, and for a forward the address and service. */
function RuleDialog({ rule, onClose }: { rule: MailRule | null; onClose: () => void }) {
  const [draft, setDraft] = useState<RuleDraft>(rule ? draftOf(rule) : EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateMailRule();
  const update = useUpdateMailRule();
  const saved = useSavedAddresses(1, 20, '');
  const [submitted, setSubmitted] = useState(false);
  // Spec 5: validate on submit, then re-validate on every change.
  const change = (next: RuleDraft) => {
    setDraft(next);
    if (submitted) {
      const built = ruleFromDraft(next);
      setErrors(built.ok ? {} : built.errors);
    }
  };
  const set = (patch: Partial<RuleDraft>) => change({ ...draft, ...patch });
  const setAddress = (patch: Partial<RuleDraft['address']>) =>
    change({ ...draft, address: { ...draft.address, ...patch } });

  const submit = async () => {
    setSubmitted(true);
    const built = ruleFromDraft(draft);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    try {
      if (rule) await update.mutateAsync({ id: rule.id, patch: built.value });
      else await create.mutateAsync(built.value);
      showSuccess(rule ? 'Rule saved' : 'Rule created');
      onClose();
    } catch (error) {
      showError(errorText(error));
    }
  };

  const addressError = Object.entries(errors).find(([key]) => key.startsWith('action.address'))?.[1];
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto" data-testid="rule-dialog">
        <DialogHeader>
          <DialogTitle>{rule ? 'Edit rule' : 'Create rule'}</DialogTitle>
          <DialogDescription>Choose which new mail it applies to and what happens to it.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormField label="Name" error={errors.name}>
            <Input
              data-testid="rule-name"
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
              placeholder="Scan bank letters"
            />
          </FormField>

          <fieldset className="grid gap-3 rounded-card border p-3">
            <legend className="px-1 text-sm font-semibold">When new mail…</legend>
            <FieldError>{errors.match}</FieldError>
            <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
              <LabelledSelect
                label="Sender"
                testId="rule-sender-op"
                value={draft.senderOp}
                onValueChange={(v) => set({ senderOp: v as RuleDraft['senderOp'] })}
                options={SENDER_OPTIONS}
              />
              <FormField label="Sender name" error={errors['match.sender.value']}>
                <Input
                  data-testid="rule-sender"
                  value={draft.sender}
                  disabled={draft.senderOp === 'any'}
                  onChange={(e) => set({ sender: e.target.value })}
                  placeholder="Chase Bank"
                />
              </FormField>
            </div>
            <LabelledSelect
              label="Kind"
              testId="rule-kind"
              value={draft.kind}
              onValueChange={(v) => set({ kind: v as RuleDraft['kind'] })}
              options={KIND_OPTIONS.map((k) => ({
                value: k,
                label: k === 'any' ? 'Any kind' : MAIL_ITEM_KIND_LABELS[k],
              }))}
            />
            <FormField
              label="Words in the recognised text"
              error={errors['match.words']}
              description="Checked once the envelope or scan has been read; all the words must appear."
            >
              <Input value={draft.words} onChange={(e) => set({ words: e.target.value })} placeholder="invoice due" />
            </FormField>
          </fieldset>

          <LabelledSelect
            label="Then"
            testId="rule-action"
            error={errors.action}
            value={draft.action}
            onValueChange={(v) => set({ action: v as RuleDraft['action'] })}
            options={MAIL_RULE_ACTIONS.map((a) => ({ value: a, label: MAIL_RULE_ACTION_LABELS[a] }))}
          />

          {draft.action === 'forward' ? (
            <fieldset className="grid gap-3 rounded-card border p-3">
              <legend className="px-1 text-sm font-semibold">Forward to</legend>
              <p className="text-xs text-muted-foreground">
                Each forward is charged to your default card when the item arrives, at the same price as forwarding it
                by hand; the store confirms the postage after packing.
              </p>
              {saved.enabled && saved.data && saved.data.items.length > 0 ? (
                <LabelledSelect
                  label="Saved address"
                  testId="rule-saved-address"
                  onValueChange={(id) => {
                    const found = saved.data?.items.find((a) => a.id === id);
                    if (found) setAddress(addressDraftOf(savedToForward(found)));
                  }}
                  placeholder="Choose a saved address"
                  options={saved.data.items.map((a) => ({ value: a.id, label: `${a.name}, ${a.line1}, ${a.city}` }))}
                />
              ) : null}
              <FieldError>{addressError}</FieldError>
              <div className="grid gap-3 sm:grid-cols-2">
                {ADDRESS_FIELDS.map(([key, label]) => (
                  <FormField key={key} label={label}>
                    <Input value={draft.address[key]} onChange={(e) => setAddress({ [key]: e.target.value })} />
                  </FormField>
                ))}
              </div>
              <LabelledSelect
                label="Service"
                testId="rule-service"
                value={draft.service}
                onValueChange={(v) => set({ service: v as RuleDraft['service'] })}
                options={FORWARD_SERVICES.map((s) => ({ value: s, label: s }))}
              />
            </fieldset>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="orange" loading={create.isPending || update.isPending}>
              {rule ? 'Save rule' : 'Create rule'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export { MailRulesPage as Component };
