import { useState } from 'react';
import { CheckCircle2, TriangleAlert, Upload } from 'lucide-react';
import {
  ADDRESS_IMPORT_COLUMNS,
  ADDRESS_IMPORT_MAX_ROWS,
  type AddressImportResult,
} from '@postwise/shared/schemas/address-import';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { downloadAddressTemplate, useImportAddresses } from '../api/shipping-api';
import { CsvFilePicker, CsvTemplate } from './csv-template';

/** What a refused row's problems read like: the form's messages, one per field. */
function problemsOf(errors: Record<string, string>): string[] {
  return Object.values(errors);
}

function ImportResult({ result }: { result: AddressImportResult }) {
  const { importedCount, rowCount, failed } = result;
  return (
    <div className="grid gap-4" data-testid="address-import-result">
      <p className="flex items-start gap-2 text-sm" role="status">
        {importedCount > 0 ? (
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
        ) : (
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        )}
        <span>
          <strong>{`${importedCount} of ${rowCount} ${rowCount === 1 ? 'address' : 'addresses'} imported.`}</strong>
          {failed.length
            ? ` ${failed.length} ${failed.length === 1 ? 'row was' : 'rows were'} not imported: correct ${failed.length === 1 ? 'it' : 'them'} in your file and import only ${failed.length === 1 ? 'that row' : 'those rows'} again.`
            : ''}
        </span>
      </p>
      {failed.length ? (
        <div className="max-h-72 overflow-auto rounded-card border">
          <table className="w-full text-sm">
            <caption className="sr-only">Rows not imported</caption>
            <thead className="sticky top-0 bg-muted text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Row
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody>
              {failed.map((f) => (
                <tr key={f.row} className="border-t align-top" data-testid="address-import-failed-row">
                  <td className="px-3 py-2 tabular-nums">{f.row}</td>
                  <td className="px-3 py-2 break-words">{f.name ?? '—'}</td>
                  <td className="px-3 py-2 text-destructive">
                    <ul className="grid gap-0.5">
                      {problemsOf(f.errors).map((message) => (
                        <li key={message}>{message}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The address list's CSV import: the template to download, one file to choose, then what was imported and each
 * refused row with its number in the file and the form's messages.
 */
export function AddressImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useImportAddresses(setProgress);
  const result = upload.data;
  const fileError = upload.isError ? upload.error.message : undefined;

  const reset = () => {
    setFile(null);
    setProgress(0);
    upload.reset();
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import addresses</DialogTitle>
          <DialogDescription>
            {`A CSV with a header row and one address per row, up to ${ADDRESS_IMPORT_MAX_ROWS} rows (1 MB). Rows with a problem are listed; the others are added to your address list.`}
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <ImportResult result={result} />
        ) : (
          <div className="grid gap-4">
            <CsvTemplate
              columns={ADDRESS_IMPORT_COLUMNS}
              hint="name, line1, city, zipCode and country are required; US addresses need a state code."
              download={downloadAddressTemplate}
            />
            <CsvFilePicker
              file={file}
              onChange={(next) => {
                setFile(next);
                upload.reset();
              }}
              error={fileError}
              testId="address-import-file"
            />
            {upload.isPending ? (
              <p className="text-sm text-muted-foreground" role="status">{`Uploading… ${progress}%`}</p>
            ) : null}
          </div>
        )}
        <DialogFooter>
          {result ? (
            <>
              <Button variant="outline" onClick={reset}>
                Import another file
              </Button>
              <Button onClick={() => close(false)}>Done</Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
                <Upload aria-hidden="true" />
                Import
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
