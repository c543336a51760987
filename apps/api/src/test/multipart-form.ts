/** A file of a multipart form: sent in `field`, else in the form's file field. */
export interface FormFile {
  body: Buffer;
  name: string;
  type: string;
  field?: string;
}

/**
 * A multipart/form-data body as a browser's FormData sends it: the text fields, then the files, each in its own
 * `field` or else in `fileField`, parted by `boundary`.
 */
export function multipartForm(
  fields: Record<string, string>,
  files: FormFile[] = [],
  { fileField = 'file', boundary = '----postwise-test-boundary' } = {},
) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? fileField}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
