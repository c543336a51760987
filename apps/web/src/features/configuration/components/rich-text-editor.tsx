import { useEffect, useId, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Pilcrow, Redo2, Undo2, Unlink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

/** Classes that give stored HTML its reading style (headings, lists, links) inside the editor. */
export const RICH_TEXT_CLASSES = cn(
  'text-sm leading-6 [&_h1]:mt-4 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:font-semibold [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal',
  '[&_ol]:pl-6 [&_a]:text-primary [&_a]:underline [&_table]:my-2 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2',
);

/** The link schemes the server's sanitizer keeps; anything else is refused here before it is ever sent. */
const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'];
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;

function ToolButton({
  label,
  onClick,
  active,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('size-8', active && 'bg-primary/10 text-primary')}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      title={label}
      disabled={disabled}
      // Keep the selection in the editor while the button is pressed.
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

/** The marks and blocks the toolbar shows as pressed for the current selection. */
function useActiveFormats(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: e.isActive('heading', { level: 2 }),
      paragraph: e.isActive('paragraph'),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

function Toolbar({ editor, label, onLink }: { editor: Editor; label: string; onLink: () => void }) {
  const active = useActiveFormats(editor);
  const chain = () => editor.chain().focus();
  return (
    <div role="toolbar" aria-label={`${label} formatting`} className="flex flex-wrap gap-0.5 border-b bg-muted/50 p-1">
      <ToolButton label="Heading" active={active.heading} onClick={() => chain().setHeading({ level: 2 }).run()}>
        <Heading2 aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Paragraph" active={active.paragraph} onClick={() => chain().setParagraph().run()}>
        <Pilcrow aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Bold" active={active.bold} onClick={() => chain().toggleBold().run()}>
        <Bold aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Italic" active={active.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Bulleted list" active={active.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <List aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Numbered list" active={active.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Link" active={active.link} onClick={onLink}>
        <Link2 aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label="Remove link"
        disabled={!active.link}
        onClick={() => chain().extendMarkRange('link').unsetLink().run()}
      >
        <Unlink aria-hidden="true" />
      </ToolButton>
      <span className="mx-1 my-1.5 w-px bg-border" aria-hidden="true" />
      <ToolButton label="Undo" disabled={!active.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Redo" disabled={!active.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 aria-hidden="true" />
      </ToolButton>
    </div>
  );
}

/**
 * The WYSIWYG editor for Policy & Terms, built on Tiptap (ProseMirror): headings, paragraphs, bold, italic, lists
 * and links, with undo. It only produces the tags the schema knows; the server sanitizes the HTML again before it is
 * stored.
 */
export function RichTextEditor({ label, value, onChange, testId }: RichTextEditorProps) {
  const labelId = useId();
  const linkId = useId();
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState('https://');
  const [linkError, setLinkError] = useState<string | null>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: LINK_PROTOCOLS,
          defaultProtocol: 'https',
        },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(testId ? { 'data-testid': testId } : {}),
        class: cn(RICH_TEXT_CLASSES, 'min-h-56 max-h-[60vh] flex-1 overflow-y-auto px-4 py-3 outline-none'),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    shouldRerenderOnTransaction: false,
  });

  // A new value from outside (the loaded or saved, sanitized HTML) replaces the content; the editor's own echo does not.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const openLink = () => {
    const href = editor?.getAttributes('link').href as string | undefined;
    setUrl(href ?? 'https://');
    setLinkError(null);
    setLinking((v) => !v);
  };

  const applyLink = () => {
    if (!editor) return;
    const href = url.trim();
    if (!SAFE_LINK.test(href) || href === 'https://') {
      setLinkError('Enter a web (https://), mail (mailto:) or phone (tel:) link');
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      setLinkError('Select the text to link first');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinking(false);
  };

  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex flex-1 flex-col overflow-hidden rounded-lg border border-input bg-background shadow-xs focus-within:border-ring">
        {editor ? <Toolbar editor={editor} label={label} onLink={openLink} /> : null}
        {linking ? (
          <div className="flex flex-wrap items-center gap-2 border-b p-2">
            <label htmlFor={linkId} className="text-xs font-medium">
              Link address
            </label>
            <Input
              id={linkId}
              value={url}
              aria-invalid={linkError ? true : undefined}
              onChange={(e) => setUrl(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  applyLink();
                }
              }}
              className="h-8 max-w-xs"
            />
            <Button size="sm" onMouseDown={(e) => e.preventDefault()} onClick={applyLink}>
              Add link
            </Button>
            <p
              className={cn('w-full text-xs', linkError ? 'text-destructive' : 'text-muted-foreground')}
              role={linkError ? 'alert' : undefined}
            >
              {linkError ?? 'Select text first; web, mail and phone links only.'}
            </p>
          </div>
        ) : null}
        <EditorContent editor={editor} className="flex flex-1 flex-col [&>.tiptap]:flex-1" />
      </div>
    </div>
  );
}
