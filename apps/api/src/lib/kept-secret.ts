import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A value generated once and kept in `dataDir/file` (development and embedded starts: keys that must not change
 * between restarts, e.g. the VAPID pair browsers subscribed with). Written beside and renamed, so a second
 * process starting at once never reads half a file; if both generated, the rename landing last wins and both
 * read it back.
 */
export async function keptInDataDir<T>(
  dataDir: string,
  file: string,
  generate: () => T,
  isValid: (value: unknown) => value is T,
): Promise<T> {
  const target = path.join(dataDir, file);
  const stored = await readKept(target, isValid);
  if (stored !== undefined) return stored;
  await mkdir(dataDir, { recursive: true });
  const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const generated = generate();
  await writeFile(partial, JSON.stringify(generated), { mode: 0o600 });
  await rename(partial, target);
  return (await readKept(target, isValid)) ?? generated;
}

async function readKept<T>(file: string, isValid: (value: unknown) => value is T): Promise<T | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return isValid(parsed) ? parsed : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
