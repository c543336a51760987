import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';

let ipSeq = 0;
const ip = () => `198.51.100.${++ipSeq}`;

const suite = suiteApp();

function multipart(csv: string, field = 'media') {
  const boundary = '----postwise-test-boundary';
  const body = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${field}"; filename="history.csv"`,
    'Content-Type: text/csv',
    '',
    csv,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = ip()) =>
  suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/shipping-analysis',
    payload: payload as string,
    headers,
    remoteAddress,
  });

describe('POST shipping-analysis (open to anyone)', () => {
  it('prices a single ZIP pair and package and shows the saving against what they paid', async () => {
    const res = await post({
      fromZip: '90021',
      toZip: '10001',
      weight: 6.4,
      length: 10,
      width: 8,
      height: 4,
      paid: '$42.50',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.rows[0]).toMatchObject({ zone: 8, billableWeightLb: 7, paidCents: 4250, error: null });
    expect(data.rows[0].ourPriceCents).toBeLessThan(4250);
    expect(data.totals.savingCents).toBe(4250 - data.rows[0].ourPriceCents);
  });

  it('streams a CSV upload in media: per-row prices, row errors, and the total saving', async () => {
    const csv = [
      'fromZip,toZip,weight,length,width,height,paid',
      '90021,78702,2,10,8,4,18.00',
      '90021,94103,12,12,12,12,$35.10',
      'nope,10001,1,1,1,1,5',
      '10001,60601,1,6,6,6,',
    ].join('\n');
    const { body, contentType } = multipart(csv);
    const res = await post(body, { 'content-type': contentType });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ rowCount: 4, errorCount: 1, truncated: false });
    expect(data.rows[2]).toMatchObject({ row: 3, error: 'From ZIP must be a US ZIP code' });
    expect(data.rows[3]).toMatchObject({ paidCents: null, savingCents: null });
    expect(data.rows[3].ourPriceCents).toBeGreaterThan(0);
    // 12×12×12/139 = 12.4 → 13 lb billable beats the actual 12 lb
    expect(data.rows[1].billableWeightLb).toBe(13);
    const paid = 1800 + 3510;
    const ours = data.rows[0].ourPriceCents + data.rows[1].ourPriceCents;
    expect(data.totals).toEqual({
      paidCents: paid,
      ourPriceCents: ours,
      savingCents: paid - ours,
      savingPercent: Math.floor(((paid - ours) * 100) / paid),
    });
  });

  it('answers 422 for an empty CSV, a wrong field or a bad single row', async () => {
    const empty = multipart('fromZip,toZip,weight,length,width,height,paid\n');
    expect((await post(empty.body, { 'content-type': empty.contentType })).json().message).toBe('The CSV has no rows');
    const wrong = multipart('a,b\n1,2', 'file');
    expect((await post(wrong.body, { 'content-type': wrong.contentType })).json().message).toBe(
      'Attach the CSV in the media field',
    );
    const bad = await post({ fromZip: '90021', toZip: '1', weight: 1, length: 1, width: 1, height: 1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('To ZIP must be a US ZIP code');
  });

  it('limits one address to 10 reports a minute (429)', async () => {
    const addr = ip();
    const row = { fromZip: '90021', toZip: '10001', weight: 1, length: 1, width: 1, height: 1 };
    for (let i = 0; i < 10; i++) expect((await post(row, {}, addr)).statusCode).toBe(200);
    const limited = await post(row, {}, addr);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
