export interface StoredFile {
    body: Buffer;
    contentType: string;
}
/**
 * Where uploaded files live. Keys are opaque paths made by the server (never by the client), e.g.
 * `documents/<userId>/<uuid>`. Nothing here is public: files are served only through endpoints that
 * check who is asking.
 */
export interface FileStorage {
    readonly kind: 'disk' | 's3';
    put(key: string, body: Buffer, contentType: string): Promise<void>;
    get(key: string): Promise<StoredFile | null>;
    delete(key: string): Promise<void>;
}
/** Keys are made of safe segments only; anything else is a bug or an attack. */
export declare function assertSafeKey(key: string): void;
