import { useId, useRef } from 'react';
import { Eye, FileText, Trash2, Upload } from 'lucide-react';
import { ACCEPTED_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from '@postwise/shared/schemas/public';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { FieldError } from '../../../components/ui/field-error';

/** Client-side check before upload (the server checks the bytes again): image or PDF, 10 MB. */
export function fileProblem(file: File): string | null {
  if (!(ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'File must be an image or a PDF';
  if (file.size > MAX_UPLOAD_BYTES) return 'File must be 10 MB or smaller';
  return null;
}

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface DocumentFileFieldProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  testId: string;
}

/** One document upload (spec 2.7): choose an image or PDF, preview it in a new tab, or remove it. */
export function DocumentFileField({ label, file, onChange, error, testId }: DocumentFileFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;

  const preview = () => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        {label}
      </span>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPTED_UPLOAD_TYPES.join(',')}
        className="sr-only"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        data-testid={testId}
        onChange={(e) => {
          onChange(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      {file ? (
        <div className="grid gap-1 rounded-lg border bg-surface px-3 py-2.5" data-testid={`${testId}-chosen`}>
          <span className="flex min-w-0 items-center gap-3">
            <FileText aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium" title={file.name}>
                {file.name}
              </span>
              <span className="block text-xs text-muted-foreground">{sizeText(file.size)}</span>
            </span>
          </span>
          <span className="flex justify-end gap-1">
            <Button variant="ghost" size="sm" onClick={preview} aria-label={`Preview ${file.name} in a new tab`}>
              <Eye aria-hidden="true" />
              Preview
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChange(null)}
              aria-label={`Remove ${file.name}`}
              data-testid={`${testId}-remove`}
              className="text-destructive hover:bg-destructive-soft"
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          </span>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => input.current?.click()}
          className={cn(
            'flex items-center justify-center gap-2 rounded-lg border border-dashed px-4 py-5 text-sm font-medium text-muted-foreground',
            'hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-ring',
            error ? 'border-destructive' : 'border-input',
          )}
          aria-describedby={error ? errorId : undefined}
        >
          <Upload aria-hidden="true" className="size-4" />
          Choose an image or PDF (up to 10 MB)
        </button>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
