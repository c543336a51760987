import { z } from 'zod';

/** FAQ of spec 3 as the API answers it. */
export const faqSchema = z.object({ id: z.uuid(), question: z.string(), answer: z.string() }).meta({ id: 'Faq' });
export type FaqDto = z.infer<typeof faqSchema>;
