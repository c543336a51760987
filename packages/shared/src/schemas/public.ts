import { z } from 'zod';
import { PHONE_LENGTH } from '../constants';
import { safeText, TEXT_LIMITS } from './safe-text';

/**
 * An e-mail address field: an empty field says it is required (the wording of spec 5 register) before any format
 * message, so 'Invalid email address' is only ever shown for something typed.
 */
const email = () => z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email address'));

/** Contact form (spec 3, 5). */
export const contactSchema = z.object({
  name: safeText(TEXT_LIMITS.name).pipe(z.string().min(1, 'Name is required')),
  email: email(),
  message: safeText(TEXT_LIMITS.freeText).pipe(z.string().min(1, 'Message is required')),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** Newsletter subscribe form (spec 3, 5); the optional file travels as multipart. */
export const subscribeSchema = z.object({
  name: safeText(TEXT_LIMITS.name).pipe(z.string().min(1, 'Name is required')),
  email: email(),
  phone: z
    .string()
    .trim()
    .min(PHONE_LENGTH, 'Phone number is required')
    .max(PHONE_LENGTH, 'Phone number cannot exceed 10 digits'),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;

/** Track shipment form (spec 5). */
export const trackingSchema = z.object({
  trackingNumber: z.string().trim().min(1, 'Tracking number is required.'),
});
export type TrackingInput = z.infer<typeof trackingSchema>;

/** Files accepted where the spec says "image or PDF" (checked by content on the server). */
export const ACCEPTED_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
