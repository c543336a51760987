import type { Personal } from '@postwise/shared/api-types';
import type { AccountType, ProfileKind, RoleCode } from '@postwise/shared/roles';
import type { ProfileStatus } from '@postwise/shared/api-types';
import type { Db } from '../db/client';
import type { SeedOptions } from './index';
/** The password of every demo account (README). */
export declare const DEMO_PASSWORD = "Demo1234!";
interface DemoProfile {
    currentProfile: ProfileKind;
    shipment: ProfileStatus;
    mailbox: ProfileStatus;
}
interface DemoUser {
    email: string;
    role: RoleCode;
    accountType: AccountType | null;
    isSuperSubAdmin?: boolean;
    /** E-mail of the parent account (seeded earlier in the list). */
    parent?: string;
    personal: Omit<Personal, 'fullName'>;
    profile?: DemoProfile;
}
export declare const DEMO_USERS: readonly DemoUser[];
/** Demo accounts of every role (issue 2, part 6), upserted by e-mail. */
export declare function seedUsers(db: Db, { overwrite }: SeedOptions): Promise<void>;
export {};
