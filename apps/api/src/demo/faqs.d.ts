import type { Db } from '../db/client';
import type { SeedOptions } from './index';
/** The home page's questions (spec 2.9), in display order. Facts follow the spec (1, 9). */
export declare const DEMO_FAQS: readonly {
    question: string;
    answer: string;
}[];
/** Demo FAQs, upserted by question; sort order follows the list. */
export declare function seedFaqs(db: Db, { overwrite }: SeedOptions): Promise<void>;
