import { useId, useRef } from 'react';
import { FileText, Paperclip, X } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { Label } from './label';
import { FieldNotes } from './field-error';

export interface FilePickerProps {
  label: string;
  file: File | null;
  /** The chosen file, or null when it is removed. */
  onChange: (file: File | null) => void;
  accept?: string;
  /** On phones, open the camera ('environment': the back one) instead of the file list. */
  capture?: 'user' | 'environment';
  description?: string;
  error?: string;
  testId?: string;
  className?: string;
}

/**
 * A styled file field (docs/design.md, Forms): the label above, a "Choose file" button and the chosen file's
 * name with a Remove button. The native input stays in the page, hidden but labelled, so the button (keyboard
 * and pointer) and assistive technology both reach it.
 */
export function FilePicker({
  label,
  file,
  onChange,
  accept,
  capture,
  description,
  error,
  testId,
  className,
}: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const labelId = `${id}-label`;
  const nameId = `${id}-name`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [nameId, descriptionId, errorId].filter(Boolean).join(' ');

  return (
    <div className={cn('grid gap-2', className)}>
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        capture={capture}
        tabIndex={-1}
        className="sr-only"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        data-testid={testId}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // Let the same file be chosen again after a Remove.
          event.target.value = '';
        }}
      />
      <div
        className={cn(
          'flex min-h-11 min-w-0 items-center gap-3 rounded-lg border bg-background py-1.5 pr-1.5 pl-1.5 shadow-xs',
          error ? 'border-destructive' : 'border-input',
        )}
      >
        <Button
          ref={chooseButton}
          type="button"
          variant="outline"
          size="sm"
          className="h-8 shadow-none"
          aria-describedby={describedBy}
          onClick={() => input.current?.click()}
        >
          <Paperclip aria-hidden="true" />
          {file ? 'Change file' : 'Choose file'}
          <span className="sr-only">: {label}</span>
        </Button>
        <span
          id={nameId}
          className={cn('flex min-w-0 flex-1 items-center gap-1.5 text-sm', !file && 'text-muted-foreground')}
          data-testid={testId ? `${testId}-name` : undefined}
        >
          {file ? <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" /> : null}
          <span className="truncate" title={file?.name}>
            {file ? file.name : 'No file chosen'}
          </span>
        </span>
        {file ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="size-8 px-0"
            onClick={() => {
              onChange(null);
              chooseButton.current?.focus();
            }}
            aria-label={`Remove ${file.name}`}
          >
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <FieldNotes description={description} descriptionId={descriptionId} error={error} errorId={errorId} />
    </div>
  );
}
