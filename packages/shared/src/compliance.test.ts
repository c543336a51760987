import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_MESSAGES,
  certificationDay,
  complianceIdsSchema,
  quarterOf,
  quarterRange,
  quarterSchema,
} from './compliance';

const photo = {
  person: 'applicant',
  kind: 'photo',
  idType: 'Passport',
  idNumber: 'X1',
  issuingAuthority: 'U.S. Department of State',
  expiresOn: '2030-01-31',
} as const;

describe('quarters', () => {
  it('names the quarter of a day and its range, the next quarter starting where it ends', () => {
    expect(quarterOf(new Date('2026-11-26T10:00:00Z'))).toBe('2026-Q4');
    expect(quarterOf(new Date('2026-01-01T00:00:00Z'))).toBe('2026-Q1');
    expect(quarterRange('2026-Q4')).toEqual({
      start: new Date('2026-10-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(quarterRange('2026-Q2').end).toEqual(quarterRange('2026-Q3').start);
  });

  it('puts the certification on the 15th of the quarter’s first month', () => {
    expect(certificationDay(new Date('2026-05-20T00:00:00Z'))).toEqual(new Date('2026-04-15T00:00:00Z'));
    expect(certificationDay(new Date('2026-12-31T23:00:00Z'))).toEqual(new Date('2026-10-15T00:00:00Z'));
  });

  it('accepts only YYYY-Qn', () => {
    expect(quarterSchema.safeParse('2026-Q3').success).toBe(true);
    const bad = quarterSchema.safeParse('2026-Q5');
    expect(bad.error?.issues[0]?.message).toBe(COMPLIANCE_MESSAGES.quarterInvalid);
  });
});

describe('complianceIdsSchema', () => {
  it('takes one photo and one address ID per person', () => {
    expect(complianceIdsSchema.safeParse([photo, { ...photo, kind: 'address', expiresOn: null }]).success).toBe(true);
    const twice = complianceIdsSchema.safeParse([photo, { ...photo, idNumber: 'X2' }]);
    expect(twice.error?.issues[0]?.message).toBe(COMPLIANCE_MESSAGES.duplicateId);
  });

  it('needs the number and issuing authority, and a real date for the expiry', () => {
    const blank = complianceIdsSchema.safeParse([{ ...photo, idNumber: '  ', issuingAuthority: '' }]);
    expect(blank.error?.issues.map((i) => i.message)).toEqual([
      COMPLIANCE_MESSAGES.idNumberRequired,
      COMPLIANCE_MESSAGES.issuingAuthorityRequired,
    ]);
    for (const expiresOn of ['31/01/2030', '2030-02-30']) {
      const date = complianceIdsSchema.safeParse([{ ...photo, expiresOn }]);
      expect(date.error?.issues[0]?.message).toBe(COMPLIANCE_MESSAGES.expiresOnInvalid);
    }
  });
});
