import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import {
  ADDRESS_ID_TYPES,
  PHOTO_ID_TYPES,
  UPLOAD_MESSAGES,
  uploadDocumentsSchema,
} from '@postwise/shared/schemas/onboarding';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { FormField } from '../../../components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { showError } from '../../../lib/toast';
import { useRegisterStore } from '../../../stores/register-store';
import { uploadDocumentsRequest, type UploadDocumentsPayload } from '../api/onboarding';
import { DocumentFileField, fileProblem } from '../components/document-file-field';
import { FormSection } from '../components/form-section';
import { OnboardingHeader } from '../components/onboarding-header';

type ChoiceField = 'photoId' | 'addressId' | 'authorizedPhotoId' | 'authorizedAddressId';
type FileField =
  'photoIdFile' | 'addressIdFile' | 'authorizedPhotoIdFile' | 'authorizedAddressIdFile' | 'courtOrderFile';

function IdSelect({
  id,
  label,
  value,
  options,
  exclude,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  exclude?: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <Select value={value || undefined} onValueChange={onChange}>
        <SelectTrigger data-testid={id}>
          <SelectValue placeholder="Select a document" />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o} value={o} disabled={o === exclude}>
              {o}
              {o === exclude ? ' (chosen as Photo ID)' : ''}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

/**
 * Upload Documents of spec 2.7: the IDs for USPS Form 1583 (photo ID and address ID, the authorized
 * individual's when there is one, the court order when court-protected), each previewable and removable,
 * uploaded with a progress percentage. Success leads to mailbox verification.
 */
export function UploadDocumentsPage() {
  const navigate = useNavigate();
  const user = useRegisterStore((s) => s.user);
  const [choices, setChoices] = useState<Record<ChoiceField, string>>({
    photoId: '',
    addressId: '',
    authorizedPhotoId: '',
    authorizedAddressId: '',
  });
  const [files, setFiles] = useState<Partial<Record<FileField, File>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: (payload: UploadDocumentsPayload) => uploadDocumentsRequest(payload, setProgress),
  });
  if (!user) return null;
  const isAuthorized = user.authorizedIndividual !== null;
  const courtOrder = user.isCourtProtected;

  const problems = (): Partial<Record<ChoiceField | FileField, string>> => {
    const found: Partial<Record<ChoiceField | FileField, string>> = {};
    const parsed = uploadDocumentsSchema({ isAuthorized }).safeParse({
      userId: user.id,
      photoId: choices.photoId || undefined,
      addressId: choices.addressId || undefined,
      authorizedPhotoId: isAuthorized ? choices.authorizedPhotoId || undefined : undefined,
      authorizedAddressId: isAuthorized ? choices.authorizedAddressId || undefined : undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as ChoiceField;
        found[key] ??= issue.message;
      }
    }
    const required: [FileField, string][] = [
      ['photoIdFile', UPLOAD_MESSAGES.photoIdFile],
      ['addressIdFile', UPLOAD_MESSAGES.addressIdFile],
      ...(isAuthorized
        ? ([
            ['authorizedPhotoIdFile', UPLOAD_MESSAGES.authorizedPhotoIdFile],
            ['authorizedAddressIdFile', UPLOAD_MESSAGES.authorizedAddressIdFile],
          ] as [FileField, string][])
        : []),
      ...(courtOrder ? ([['courtOrderFile', UPLOAD_MESSAGES.courtOrderFile]] as [FileField, string][]) : []),
    ];
    for (const [field, message] of required) {
      const file = files[field];
      const bad = file ? fileProblem(file) : message;
      if (bad) found[field] = bad;
    }
    return found;
  };

  const errors = submitted ? problems() : {};
  const setChoice = (field: ChoiceField) => (value: string) => {
    setChoices((c) => {
      const next = { ...c, [field]: value };
      // The address ID must differ from the photo ID: a clash clears the address choice.
      if (field === 'photoId' && next.addressId === value) next.addressId = '';
      if (field === 'authorizedPhotoId' && next.authorizedAddressId === value) next.authorizedAddressId = '';
      return next;
    });
  };
  const setFile = (field: FileField) => (file: File | null) =>
    setFiles((f) => {
      const next = { ...f };
      if (file) next[field] = file;
      else delete next[field];
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems()).length > 0) return;
    setProgress(0);
    try {
      await upload.mutateAsync({
        userId: user.id,
        photoId: choices.photoId,
        photoIdFile: files.photoIdFile!,
        addressId: choices.addressId,
        addressIdFile: files.addressIdFile!,
        ...(isAuthorized
          ? {
              authorizedPhotoId: choices.authorizedPhotoId,
              authorizedPhotoIdFile: files.authorizedPhotoIdFile,
              authorizedAddressId: choices.authorizedAddressId,
              authorizedAddressIdFile: files.authorizedAddressIdFile,
            }
          : {}),
        ...(courtOrder ? { courtOrder: true, courtOrderFile: files.courtOrderFile } : {}),
      });
      // Spec 4: the stored user is not updated from this answer.
      navigate('/register/mailbox-verification');
    } catch (error) {
      setProgress(null);
      showError(error);
    }
  };

  // One ID of a person: its type, then its file. The address ID cannot be of the type chosen as photo ID.
  const idColumn = (field: ChoiceField, label: string, options: readonly string[], exclude?: string) => {
    const fileField = `${field}File` as FileField;
    return (
      <div className="grid content-start gap-3">
        <IdSelect
          id={`${field}-select`}
          label={label}
          value={choices[field]}
          options={options}
          exclude={exclude}
          onChange={setChoice(field)}
          error={errors[field]}
        />
        <DocumentFileField
          label={`${label} file`}
          file={files[fileField] ?? null}
          onChange={setFile(fileField)}
          error={errors[fileField]}
          testId={`${field}-file`}
        />
      </div>
    );
  };

  const block = (prefix: '' | 'authorized', title: string) => {
    const photo = (prefix ? 'authorizedPhotoId' : 'photoId') as ChoiceField;
    const address = (prefix ? 'authorizedAddressId' : 'addressId') as ChoiceField;
    const label = prefix ? 'Authorized ' : '';
    return (
      <FormSection title={title} testId={`${prefix || 'applicant'}-documents`}>
        <div className="grid gap-5 sm:grid-cols-2">
          {idColumn(photo, `${label}Photo ID`, PHOTO_ID_TYPES)}
          {idColumn(address, `${label}Address ID`, ADDRESS_ID_TYPES, choices[photo])}
        </div>
      </FormSection>
    );
  };

  return (
    <div className="grid gap-8">
      <OnboardingHeader
        title="Mailbox Application"
        subtitle="Please submit ID's to be provided for USPS Form 1583."
        step="documents"
        mailbox
      />
      <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Upload documents">
        {block('', 'Your IDs')}
        {isAuthorized
          ? block('authorized', `Authorized Individual: ${user.authorizedIndividual?.fullName ?? ''}`)
          : null}
        {courtOrder ? (
          <FormSection title="Court Order" testId="court-order-documents" className="gap-3">
            <DocumentFileField
              label="Court Order file"
              file={files.courtOrderFile ?? null}
              onChange={setFile('courtOrderFile')}
              error={errors.courtOrderFile}
              testId="courtOrder-file"
            />
          </FormSection>
        ) : null}

        {progress !== null ? (
          <div className="grid gap-2" data-testid="upload-progress">
            <div className="flex justify-between text-sm font-medium">
              <span>Uploading documents...</span>
              <span>{progress}%</span>
            </div>
            <ProgressBar value={progress} label="Upload progress" fillClassName="rounded-full bg-green" />
          </div>
        ) : null}

        <div className="flex justify-end border-t pt-6">
          <Button type="submit" size="lg" loading={upload.isPending} data-testid="upload-submit">
            Submit
          </Button>
        </div>
      </form>
    </div>
  );
}
