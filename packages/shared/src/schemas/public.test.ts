import { describe, expect, it } from 'vitest';
import { contactSchema, subscribeSchema } from './public';

function emailMessages(schema: typeof subscribeSchema | typeof contactSchema, email: string): string[] {
  const result = schema.safeParse({ name: 'Ana', email, phone: '2135550126', message: 'Hi' });
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === 'email').map((i) => i.message);
}

describe('public form schemas', () => {
  for (const [name, schema] of [
    ['subscribe', subscribeSchema],
    ['contact', contactSchema],
  ] as const) {
    it(`${name}: an empty email is required, not invalid`, () => {
      expect(emailMessages(schema, '')).toEqual(['Email is required']);
      expect(emailMessages(schema, '   ')).toEqual(['Email is required']);
    });

    it(`${name}: a typed but malformed email is invalid`, () => {
      expect(emailMessages(schema, 'ana@')).toEqual(['Invalid email address']);
      expect(emailMessages(schema, 'ana@example.com')).toEqual([]);
    });
  }
});
