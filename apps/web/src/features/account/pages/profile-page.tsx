import { useId, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileUp, Info, MapPin } from 'lucide-react';
import {
  ACCOUNT_SETTINGS_MESSAGES,
  type AccountProfile,
  type ProfileDocument,
  type ProfileUpdateInput,
  profileUpdateSchema,
  REPLACEABLE_DOCUMENT_KINDS,
  type ReplaceableDocumentKind,
} from '@postwise/shared/account-settings';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageWithHeader } from '../../../components/ui/page-header';
import { shortDate } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { AccountPageState, IconCardHeader } from '../components/account-cards';
import { useAccountProfile, useReplaceDocument, useUpdateProfile } from '../api/account-api';

const DOCUMENT_LABELS: Record<string, string> = {
  photoId: 'Photo ID',
  addressId: 'Address ID',
  authorizedPhotoId: 'Authorized Photo ID',
  authorizedAddressId: 'Authorized Address ID',
  courtOrder: 'Court Order',
};

const PERSON_FIELDS = [
  ['firstName', 'First Name'],
  ['middleName', 'Middle Initial'],
  ['lastName', 'Last Name'],
  ['phone', 'Phone'],
  ['address1', 'Address Line 1'],
  ['address2', 'Address Line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['country', 'Country'],
  ['zip', 'Zip Code'],
] as const;

type PersonKey = (typeof PERSON_FIELDS)[number][0] | 'mailboxName';

const pick = (source: Record<string, string> | null, mailboxName: boolean) => {
  const out: Record<string, string> = {};
  for (const [key] of PERSON_FIELDS) out[key] = source?.[key] ?? '';
  if (mailboxName) out.mailboxName = source?.mailboxName ?? '';
  return out;
};

function ReviewNotice({ status, justSent }: { status: AccountProfile['applicationStatus']; justSent: boolean }) {
  if (status !== 'pending') return null;
  return (
    <div
      role="status"
      data-testid="review-notice"
      className="flex gap-3 rounded-lg border border-warning/40 bg-warning-soft p-4 text-sm text-foreground"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="grid gap-1">
        <p className="font-semibold">
          {justSent ? ACCOUNT_SETTINGS_MESSAGES.reReview : 'Your mailbox application is under review.'}
        </p>
        <p className="text-muted-foreground">
          USPS Form 1583 lists your name, address, IDs and authorized individual, so the store checks every change to
          them. Your mail keeps arriving; we will e-mail you when the review is done.
        </p>
      </div>
    </div>
  );
}

function MailboxCard({ profile }: { profile: AccountProfile }) {
  const box = profile.mailbox;
  if (!box) return null;
  const names = box.names.filter(Boolean);
  return (
    <Card>
      <IconCardHeader
        icon={MapPin}
        iconClassName="text-green-hover"
        title="Mailbox address"
        description={<>Give this address to senders. {box.storeName}.</>}
      />
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <address className="not-italic" data-testid="mailbox-address">
          <span className="block font-semibold">{profile.personal.fullName}</span>
          <span className="block">{box.address}</span>
        </address>
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Box</dt>
            <dd className="flex items-center gap-2 font-medium">
              {box.pmb} <StatusBadge status={box.status} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Names on the box</dt>
            <dd className="font-medium">{names.length ? names.join(', ') : 'None'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Court-protected</dt>
            <dd className="font-medium">{profile.isCourtProtected ? 'Yes' : 'No'}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function PersonFields({
  prefix,
  register,
  errors,
  mailboxName,
}: {
  prefix: 'personal' | 'authorizedIndividual';
  register: ReturnType<typeof useForm<ProfileUpdateInput>>['register'];
  errors: Record<string, { message?: string } | undefined> | undefined;
  mailboxName: boolean;
}) {
  const fields: (readonly [PersonKey, string])[] = [
    ...PERSON_FIELDS,
    ...(mailboxName ? ([['mailboxName', 'Mail Box Name']] as const) : []),
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {fields.map(([key, label]) => (
        <FormField key={key} label={label} error={errors?.[key]?.message}>
          <Input
            {...register(`${prefix}.${key}` as `personal.${PersonKey}`)}
            autoComplete="off"
            inputMode={key === 'phone' ? 'numeric' : undefined}
            maxLength={key === 'middleName' ? 1 : undefined}
          />
        </FormField>
      ))}
    </div>
  );
}

function DetailsForm({ profile, onReReview }: { profile: AccountProfile; onReReview: () => void }) {
  const mailbox = profile.role === 'USER' && (profile.accountType === 'mailbox' || profile.accountType === 'both');
  const hasAuthorized = mailbox && profile.authorizedIndividual !== null;
  const schema = useMemo(() => profileUpdateSchema({ mailbox }), [mailbox]);
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(schema) as unknown as Resolver<ProfileUpdateInput>,
    defaultValues: {
      personal: pick(profile.personal, mailbox) as ProfileUpdateInput['personal'],
      ...(hasAuthorized
        ? {
            authorizedIndividual: pick(profile.authorizedIndividual, true) as ProfileUpdateInput['personal'] & {
              mailboxName: string;
            },
          }
        : {}),
    },
  });
  const save = useUpdateProfile();
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (result) => {
        form.reset(values);
        if (result.reReview) onReReview();
        showSuccess(result.reReview ? ACCOUNT_SETTINGS_MESSAGES.reReview : ACCOUNT_SETTINGS_MESSAGES.saved);
      },
      onError: showError,
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Personal details</CardTitle>
          <CardDescription>
            {mailbox
              ? 'Changing your name or address sends your mailbox application back for review.'
              : 'Your name, phone and address.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Email" description="Your sign-in e-mail cannot be changed here.">
            <Input value={profile.email} readOnly disabled />
          </FormField>
          <PersonFields
            prefix="personal"
            register={form.register}
            errors={errors.personal as Record<string, { message?: string }> | undefined}
            mailboxName={mailbox}
          />
        </CardContent>
      </Card>
      {hasAuthorized ? (
        <Card>
          <CardHeader>
            <CardTitle>Authorized individual</CardTitle>
            <CardDescription>
              The person who may collect your mail. Changing them sends your application back for review.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PersonFields
              prefix="authorizedIndividual"
              register={form.register}
              errors={errors.authorizedIndividual as Record<string, { message?: string }> | undefined}
              mailboxName
            />
          </CardContent>
        </Card>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !form.formState.isDirty}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

function DocumentRow({
  kind,
  doc,
  onReReview,
}: {
  kind: ReplaceableDocumentKind;
  doc: ProfileDocument | undefined;
  onReReview: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const replace = useReplaceDocument();
  const label = DOCUMENT_LABELS[kind] ?? kind;
  const choose = (file: File | undefined) => {
    if (!file) return;
    replace.mutate(
      { kind, idType: doc?.idType ?? null, file },
      {
        onSuccess: (result) => {
          if (result.reReview) onReReview();
          showSuccess(`${label} replaced`);
        },
        onError: showError,
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };
  return (
    <li
      className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid={`document-${kind}`}
    >
      <div className="grid gap-1">
        <span className="font-medium">{label}</span>
        <span className="text-sm text-muted-foreground">
          {doc ? `${doc.idType ?? 'File'} · uploaded ${shortDate(doc.createdAt)}` : 'Not uploaded'}
        </span>
      </div>
      <div className="flex items-center gap-3">
        {doc ? <StatusBadge status={doc.reviewStatus} /> : <Badge>Missing</Badge>}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,application/pdf"
          className="sr-only"
          data-testid={`document-input-${kind}`}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Button type="button" variant="outline" size="sm" disabled={replace.isPending} asChild>
          <label htmlFor={inputId} className="cursor-pointer">
            <FileUp aria-hidden="true" /> {replace.isPending ? 'Uploading…' : 'Replace'}
            <span className="sr-only"> {label}</span>
          </label>
        </Button>
      </div>
    </li>
  );
}

function DocumentsCard({ profile, onReReview }: { profile: AccountProfile; onReReview: () => void }) {
  if (!profile.mailbox && profile.applicationStatus === 'none') return null;
  const kinds = REPLACEABLE_DOCUMENT_KINDS.filter(
    (k) => !k.startsWith('authorized') || profile.authorizedIndividual !== null,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>ID documents</CardTitle>
        <CardDescription>
          Images or PDF, up to 10 MB. A new ID is checked by the store before it is used.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {kinds.map((kind) => (
            <DocumentRow
              key={kind}
              kind={kind}
              doc={profile.documents.find((d) => d.kind === kind)}
              onReReview={onReReview}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** /profile: every signed-in role sees and edits their own details; mailbox holders also their box. */
export function ProfilePage() {
  const profile = useAccountProfile();
  const [justSent, setJustSent] = useState(false);
  const onReReview = () => setJustSent(true);

  return (
    <PageWithHeader title="Profile" description="Your details as the store has them.">
      {profile.isPending || profile.isError ? (
        <AccountPageState
          query={profile}
          loadingLabel="Loading your profile..."
          failure="We could not load your profile."
          skeletons={['h-32', 'h-64']}
        />
      ) : (
        <>
          <ReviewNotice status={profile.data.applicationStatus} justSent={justSent} />
          <MailboxCard profile={profile.data} />
          <DetailsForm profile={profile.data} onReReview={onReReview} />
          <DocumentsCard profile={profile.data} onReReview={onReReview} />
        </>
      )}
    </PageWithHeader>
  );
}
