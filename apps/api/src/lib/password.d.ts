export declare function hashPassword(password: string): Promise<string>;
export declare function verifyPassword(passwordHash: string, password: string): Promise<boolean>;
/**
 * Verifies against a throwaway hash when the e-mail is unknown, so an unknown e-mail takes about
 * as long as a wrong password and the timing does not reveal which accounts exist.
 */
export declare function verifyAgainstDummy(password: string): Promise<false>;
