/** True when A and B are mutually assignable; used to pin API schemas to the shared types at compile time. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
