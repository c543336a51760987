import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { BackLink } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { DetailState, type DetailQuery } from '../../../components/ui/detail-state';
import { PageHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import type { FieldErrors } from './address-fields';
import { issuesByField } from './draft-input';
import { LinkButton } from '../../../components/ui/link-button';

/**
 * A form on a page of its own: the Back link and title above a card holding the form, and at its foot Cancel
 * (back to the list) and the submit button.
 */
export function FormPage({
  back,
  title,
  onSubmit,
  submitLabel,
  submitting,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  onSubmit: () => unknown;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeader title={title} />
      <Card>
        <CardContent className="pt-6">
          <form
            className="grid gap-6"
            onSubmit={(e) => {
              e.preventDefault();
              void onSubmit();
            }}
            noValidate
          >
            {children}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <LinkButton to={back.to} variant="outline">
                Cancel
              </LinkButton>
              <Button type="submit" loading={submitting}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

interface RecordWrite<Body> {
  mutateAsync: (vars: { id?: string; body: Body }) => Promise<unknown>;
  isPending: boolean;
}

/**
 * Saving a record of the customer's own (an address, a package preset) from its add or edit page: the checked form
 * is written, then "{Noun} added" or "{Noun} saved" and back to the list; a form that fails its checks shows why
 * under its fields.
 */
export function useSaveRecord<Body>({
  id,
  isNew,
  noun,
  listPath,
  write,
}: {
  id: string;
  isNew: boolean;
  /** In lower case ("address"). */
  noun: string;
  listPath: string;
  write: RecordWrite<Body>;
}) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = async (parsed: z.ZodSafeParseResult<Body>) => {
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      await write.mutateAsync({ id: isNew ? undefined : id, body: parsed.data });
      showSuccess(`${noun[0]!.toUpperCase()}${noun.slice(1)} ${isNew ? 'added' : 'saved'}`);
      void navigate(listPath);
    } catch (error) {
      showError(error);
    }
  };
  return { errors, save };
}

/**
 * The add or edit page of such a record: "Add {noun}" or "Edit {noun}" above its form; an edit page shows the
 * detail state until the record is there.
 */
export function RecordFormPage({
  isNew,
  existing,
  noun,
  back,
  onSubmit,
  submitting,
  children,
}: {
  isNew: boolean;
  existing: DetailQuery & { data?: unknown };
  noun: string;
  back: { to: string; label: string };
  onSubmit: () => unknown;
  submitting: boolean;
  children: ReactNode;
}) {
  if (!isNew && !existing.data) return <DetailState query={existing} noun={noun} back={back} />;
  return (
    <FormPage
      back={back}
      title={isNew ? `Add ${noun}` : `Edit ${noun}`}
      onSubmit={onSubmit}
      submitLabel={isNew ? `Add ${noun}` : `Save ${noun}`}
      submitting={submitting}
    >
      {children}
    </FormPage>
  );
}
