import { describe, expect, it } from 'vitest';
import { textPdf } from '../../test/ocr-fixtures';
import { cleanRecognisedText, pdfPages, tesseractRecognizer, UnreadableFileError } from './text-recognition';

describe('text recognition', () => {
  it('drops control characters (the highlight markers among them) and blank runs from read text', () => {
    expect(cleanRecognisedText('  Jury\u0002 summons\u0003\u0000 \n\n\n\nfor\tJordan \n')).toBe(
      'Jury  summons\n\nfor\tJordan',
    );
  });

  it('renders a PDF page and keeps its own text layer', async () => {
    const [page] = await pdfPages(await textPdf(['Notice of assessment', 'Your return has been processed']));
    expect(page!.text).toContain('Your return has been processed');
    expect(page!.png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses a file that is not a PDF or an image as unreadable (the job does not retry it)', async () => {
    const recognizer = tesseractRecognizer();
    try {
      await expect(recognizer.recognizePdf(Buffer.from('not a pdf at all'))).rejects.toBeInstanceOf(
        UnreadableFileError,
      );
      await expect(recognizer.recognizeImage(Buffer.from('not an image'))).rejects.toBeInstanceOf(UnreadableFileError);
    } finally {
      await recognizer.close();
    }
  });
});
