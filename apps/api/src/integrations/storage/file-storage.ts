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
  /** Throws when files cannot be stored right now (readiness check): the directory not writable, the bucket gone. */
  check(): Promise<void>;
}

/** Keys are made of safe segments only; anything else is a bug or an attack. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
