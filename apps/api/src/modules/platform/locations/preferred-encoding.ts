export type StoredEncoding = 'br' | 'gzip' | 'identity';

/**
 * The best stored copy for an Accept-Encoding header: brotli, then gzip, then plain. A coding listed with
 * q=0 is refused; `*` accepts any coding not listed.
 */
export function preferredEncoding(header: string | string[] | undefined): StoredEncoding {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const coding of ['br', 'gzip'] as const) {
    if ((accepted.get(coding) ?? wildcard) > 0) return coding;
  }
  return 'identity';
}
