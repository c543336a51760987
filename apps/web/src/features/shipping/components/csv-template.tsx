import { useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FilePicker } from '../../../components/ui/file-picker';
import { showError } from '../../../lib/toast';

/** What a CSV upload expects: its columns, an optional note on them, and the template to download. */
export function CsvTemplate({
  columns,
  hint,
  download,
}: {
  columns: readonly string[];
  hint?: ReactNode;
  download: () => Promise<unknown>;
}) {
  const [downloading, setDownloading] = useState(false);
  const onDownload = async () => {
    setDownloading(true);
    try {
      await download();
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="grid gap-2 rounded-card border bg-muted/40 p-3 text-sm">
      <p>
        Columns: <span className="break-words text-muted-foreground">{columns.join(', ')}</span>
      </p>
      {hint ? <p className="text-muted-foreground">{hint}</p> : null}
      <div>
        <Button type="button" variant="outline" size="sm" loading={downloading} onClick={() => void onDownload()}>
          <Download aria-hidden="true" />
          Download the template
        </Button>
      </div>
    </div>
  );
}

/** The file field of a CSV upload: the same label and accepted types for every CSV the customer uploads. */
export function CsvFilePicker({
  file,
  onChange,
  error,
  testId,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error: string | undefined;
  testId: string;
}) {
  return (
    <FilePicker label="CSV file" accept=".csv,text/csv" file={file} onChange={onChange} error={error} testId={testId} />
  );
}
