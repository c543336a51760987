/** A new access token: 32 random bytes, base64url. Only its hash is stored. */
export declare function newAccessToken(): string;
export declare function hashToken(token: string): string;
