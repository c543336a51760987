import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from '../../accounts/managed-accounts/admin-test-kit';

const suite = suiteApp(adminKit);

const SA = 'superadmin@example.com';
type Faq = { id: string; question: string; isPublished: boolean; sortOrder: number };

async function all(): Promise<Faq[]> {
  return (await suite.kit.as(SA, 'GET', '/api/v1/faqs/admin?pageSize=100')).json().items;
}
async function publicQuestions(): Promise<string[]> {
  return (await suite.kit.as(null, 'GET', '/api/v1/faqs?pageSize=100')).json().items.map((f: Faq) => f.question);
}

describe('FAQ administration', () => {
  it('adds an FAQ at the end; the public list shows it; a draft stays hidden', async () => {
    const res = await suite.kit.as(SA, 'POST', '/api/v1/faqs', {
      question: 'Can I change my PMB number?',
      answer: 'Your PMB number stays with your mailbox; ask support to move to another store.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ question: 'Can I change my PMB number?', isPublished: true });
    const list = await all();
    expect(list.at(-1)?.question).toBe('Can I change my PMB number?');
    expect((await publicQuestions()).at(-1)).toBe('Can I change my PMB number?');

    await suite.kit.as(SA, 'POST', '/api/v1/faqs', { question: 'Draft?', answer: 'Not yet.', isPublished: false });
    expect(await publicQuestions()).not.toContain('Draft?');
    const drafts = (await suite.kit.as(SA, 'GET', '/api/v1/faqs/admin?published=false')).json();
    expect(drafts.items.map((f: Faq) => f.question)).toEqual(['Draft?']);
    // The same statement bound to true: every published one, and not the draft.
    const live = (await suite.kit.as(SA, 'GET', '/api/v1/faqs/admin?published=true&pageSize=100')).json();
    expect(live.items.map((f: Faq) => f.question)).toEqual(await publicQuestions());
    expect(live.total).toBe(live.items.length);
  });

  it('edits and deletes', async () => {
    const draft = (await all()).find((f) => f.question === 'Draft?') as Faq;
    const edit = await suite.kit.as(SA, 'PUT', `/api/v1/faqs/${draft.id}`, {
      question: 'Draft edited?',
      answer: 'Yes.',
      isPublished: false,
    });
    expect(edit.json().data.question).toBe('Draft edited?');
    expect((await suite.kit.as(SA, 'DELETE', `/api/v1/faqs/${draft.id}`)).statusCode).toBe(200);
    expect((await all()).some((f) => f.id === draft.id)).toBe(false);
    expect((await suite.kit.as(SA, 'DELETE', `/api/v1/faqs/${draft.id}`)).statusCode).toBe(404);
  });

  it('reorders: moving up swaps with the one above, and the public order follows', async () => {
    const before = await all();
    const last = before.at(-1) as Faq;
    const above = before.at(-2) as Faq;
    expect((await suite.kit.as(SA, 'POST', `/api/v1/faqs/${last.id}/move`, { direction: 'up' })).statusCode).toBe(200);
    const after = await all();
    expect(after.at(-1)?.id).toBe(above.id);
    expect(after.at(-2)?.id).toBe(last.id);
    expect(after.map((f) => f.sortOrder)).toEqual(after.map((_, i) => i + 1));
    // The first one cannot move further up: nothing changes.
    const first = after[0] as Faq;
    await suite.kit.as(SA, 'POST', `/api/v1/faqs/${first.id}/move`, { direction: 'up' });
    expect((await all())[0]?.id).toBe(first.id);
    expect((await suite.kit.as(SA, 'POST', `/api/v1/faqs/${first.id}/move`, { direction: 'left' })).statusCode).toBe(
      422,
    );
  });

  it.each([
    [{ question: '', answer: 'a' }, 'Question is required'],
    [{ question: 'q', answer: ' ' }, 'Answer is required'],
  ])('answers 422 for %j', async (payload, message) => {
    const res = await suite.kit.as(SA, 'POST', '/api/v1/faqs', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('is for the super admin only', async () => {
    expect((await suite.kit.as('subadmin@example.com', 'GET', '/api/v1/faqs/admin')).statusCode).toBe(403);
    expect(
      (await suite.kit.as('subadmin@example.com', 'POST', '/api/v1/faqs', { question: 'q', answer: 'a' })).statusCode,
    ).toBe(403);
    expect((await suite.kit.as(null, 'POST', '/api/v1/faqs', { question: 'q', answer: 'a' })).statusCode).toBe(401);
  });
});
