import { useEffect, useState } from 'react';
import { Save } from 'lucide-react';
import { POLICY_HTML_MAX_LENGTH } from '@postwise/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { PageWithHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { dateTime } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { usePolicyAndTerms, useSavePolicyAndTerms } from '../api/settings';
import { RichTextEditor } from '../components/rich-text-editor';

/**
 * Policy & Terms (SUB_ADMIN): the privacy policy and terms their invited customers open from the register page
 * (spec 2.6). The server sanitizes the HTML before storing it.
 */
export function PolicyTermsEditPage() {
  const content = usePolicyAndTerms();
  const save = useSavePolicyAndTerms();
  const [privacy, setPrivacy] = useState('');
  const [terms, setTerms] = useState('');

  useEffect(() => {
    if (content.data) {
      setPrivacy(content.data.privacyPolicyHtml);
      setTerms(content.data.termsHtml);
    }
  }, [content.data]);

  const tooLong = privacy.length > POLICY_HTML_MAX_LENGTH || terms.length > POLICY_HTML_MAX_LENGTH;
  const submit = () =>
    save.mutate(
      { privacyPolicyHtml: privacy, termsHtml: terms },
      { onSuccess: () => showSuccess('Policy & Terms saved'), onError: showError },
    );

  return (
    <PageWithHeader
      title="Policy & Terms"
      description="Your customers read these when they register through your invitation link."
      actions={
        <Button
          onClick={submit}
          loading={save.isPending}
          disabled={content.isPending || tooLong}
          data-testid="policy-save"
        >
          <Save aria-hidden="true" />
          Save
        </Button>
      }
    >
      {content.isPending ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      ) : content.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {content.error.message}
        </p>
      ) : (
        <Card>
          <CardContent className="grid gap-6 lg:grid-cols-2">
            <RichTextEditor
              label="Privacy Policy"
              value={content.data.privacyPolicyHtml}
              onChange={setPrivacy}
              testId="policy-privacy"
            />
            <RichTextEditor label="Terms" value={content.data.termsHtml} onChange={setTerms} testId="policy-terms" />
            <p className="text-xs text-muted-foreground lg:col-span-2">
              {tooLong
                ? 'The text is too long'
                : content.data.updatedAt
                  ? `Last saved ${dateTime(content.data.updatedAt)}. Scripts and unsafe links are removed when you save.`
                  : 'Not saved yet. Scripts and unsafe links are removed when you save.'}
            </p>
          </CardContent>
        </Card>
      )}
    </PageWithHeader>
  );
}
