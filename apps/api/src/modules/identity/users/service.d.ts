import type { User } from '@postwise/shared/api-types';
import type { Db } from '../../../db/client';
import { type UserRow } from '../schema/users';
export declare function normalizeEmail(email: string): string;
export declare function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined>;
export declare function findUserById(db: Db, id: string): Promise<UserRow | undefined>;
export declare function countUsers(db: Db): Promise<number>;
export interface UserRelations {
    parent: Pick<UserRow, 'id' | 'roleCode'> | null;
    profileId: string | null;
}
/** The one mapping from a user row to the `User` the API answers (spec 3). Never exposes the password hash. */
export declare function toUserDto(row: UserRow, relations: UserRelations): User;
/** Loads a user with its parent's role and its profile id, as the `User` DTO. */
export declare function loadUserDto(db: Db, userId: string): Promise<User | undefined>;
