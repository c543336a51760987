import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Pilcrow, Unlink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

/** Classes that give stored HTML its reading style (headings, lists, links) inside the editor. */
export const RICH_TEXT_CLASSES = cn(
  'text-sm leading-6 [&_h1]:mt-4 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:font-semibold [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal',
  '[&_ol]:pl-6 [&_a]:text-primary [&_a]:underline [&_table]:my-2 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2',
);

function ToolButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      title={label}
      // Keep the text selection in the editor while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

export interface RichTextEditorProps {
  label: string;
  /** HTML to start from; changing it (e.g. after a save answered the sanitized HTML) resets the content. */
  value: string;
  onChange: (html: string) => void;
  testId?: string;
}

/**
 * A small WYSIWYG editor for Policy & Terms: headings, paragraphs, bold, italic, lists and links. The HTML it
 * produces is sanitized again by the server before it is stored.
 */
export function RichTextEditor({ label, value, onChange, testId }: RichTextEditorProps) {
  const labelId = useId();
  const linkId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState('https://');

  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, [value]);

  const emit = () => onChange(ref.current?.innerHTML ?? '');
  const exec = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };

  return (
    <div className="grid gap-2">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div className="overflow-hidden rounded-lg border border-input bg-background shadow-xs focus-within:border-ring">
        <div
          role="toolbar"
          aria-label={`${label} formatting`}
          className="flex flex-wrap gap-0.5 border-b bg-muted/50 p-1"
        >
          <ToolButton label="Heading" onClick={() => exec('formatBlock', 'h2')}>
            <Heading2 aria-hidden="true" />
          </ToolButton>
          <ToolButton label="Paragraph" onClick={() => exec('formatBlock', 'p')}>
            <Pilcrow aria-hidden="true" />
          </ToolButton>
          <ToolButton label="Bold" onClick={() => exec('bold')}>
            <Bold aria-hidden="true" />
          </ToolButton>
          <ToolButton label="Italic" onClick={() => exec('italic')}>
            <Italic aria-hidden="true" />
          </ToolButton>
          <ToolButton label="Bulleted list" onClick={() => exec('insertUnorderedList')}>
            <List aria-hidden="true" />
          </ToolButton>
          <ToolButton label="Numbered list" onClick={() => exec('insertOrderedList')}>
            <ListOrdered aria-hidden="true" />
          </ToolButton>
          <ToolButton label="Link" onClick={() => setLinking((v) => !v)}>
            <Link2 aria-hidden="true" />
          </ToolButton>
          <ToolButton label="Remove link" onClick={() => exec('unlink')}>
            <Unlink aria-hidden="true" />
          </ToolButton>
        </div>
        {linking ? (
          <div className="flex flex-wrap items-center gap-2 border-b p-2">
            <label htmlFor={linkId} className="text-xs font-medium">
              Link address
            </label>
            <Input id={linkId} value={url} onChange={(e) => setUrl(e.target.value)} className="h-8 max-w-xs" />
            <Button
              size="sm"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                exec('createLink', url);
                setLinking(false);
              }}
            >
              Add link
            </Button>
            <p className="w-full text-xs text-muted-foreground">Select text first; web, mail and phone links only.</p>
          </div>
        ) : null}
        <div
          ref={ref}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          onInput={emit}
          onBlur={emit}
          data-testid={testId}
          className={cn(RICH_TEXT_CLASSES, 'min-h-56 max-h-[60vh] overflow-y-auto px-4 py-3 outline-none')}
        />
      </div>
    </div>
  );
}
