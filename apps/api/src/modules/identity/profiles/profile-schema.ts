import type { ProfileState } from '@postwise/shared/api-types';
import { PROFILE_KINDS } from '@postwise/shared/roles';
import { z } from 'zod';
import type { Same } from '../../../lib/type-checks';

const profileStatusSchema = z.enum(['none', 'pending', 'active', 'inactive', 'rejected']);

/** Profile state of spec 3. */
export const profileStateSchema = z
  .object({
    id: z.string(),
    activeProfile: z.object({ currentProfile: z.enum(PROFILE_KINDS).nullable() }),
    profiles: z.object({
      shipment: z.object({ status: profileStatusSchema }),
      mailbox: z.object({ status: profileStatusSchema }),
    }),
  })
  .meta({ id: 'ProfileState' });

// Compile-time guard: the schema answers exactly the shape the web client expects.
const profileMatches: Same<z.output<typeof profileStateSchema>, ProfileState> = true;
void profileMatches;
