import type { Personal } from '@postwise/shared/api-types';
import type { AccountType, ProfileKind, RoleCode } from '@postwise/shared/roles';
import type { ProfileStatus } from '@postwise/shared/api-types';
import type { FileStorage } from '../integrations/storage/file-storage';
import type { Db } from '../db/client';
import { type NewStoreRow } from '../modules/mailbox/schema/stores';
import type { SeedOptions } from './index';
interface DemoStore extends Omit<NewStoreRow, 'ownerUserId'> {
    owner: string;
}
export declare const DEMO_STORES: readonly DemoStore[];
interface DemoAccount {
    email: string;
    role: Exclude<RoleCode, 'SUPER_ADMIN'>;
    parent: string;
    referredBy?: string;
    accountType: AccountType | null;
    status?: 'active' | 'inactive';
    personal: Omit<Personal, 'fullName'>;
    profile?: {
        current: ProfileKind;
        shipment: ProfileStatus;
        mailbox: ProfileStatus;
    };
    /** Opens a mailbox at the parent's default store. */
    mailbox?: boolean;
    /** Added by an admin and not registered yet. */
    invited?: boolean;
    /** A signed contract and uploaded IDs waiting for review. */
    application?: boolean;
}
export declare const DEMO_ACCOUNTS: readonly DemoAccount[];
export declare function seedAdministration(db: Db, { overwrite, storage }: SeedOptions & {
    storage?: FileStorage;
}): Promise<void>;
export {};
