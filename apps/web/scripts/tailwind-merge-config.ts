/**
 * Writes src/lib/tailwind-merge-config.ts: tailwind-merge's default configuration cut down to the class groups
 * that the class names written in src can belong to, so `cn` merges exactly as the full `twMerge` does for every
 * class the app uses while the public pages download about a third of its code.
 *
 *   node --import tsx apps/web/scripts/tailwind-merge-config.ts          (rewrite the file)
 *   node --import tsx apps/web/scripts/tailwind-merge-config.ts --check  (fail when it is out of date)
 *
 * A class group stays when some string in src, split on white space, is a class of that group (tested with a
 * tailwind-merge made of that group alone). Groups keep their order and their conflicts among the kept groups,
 * so the lookup of a kept class finds the same group as with the default configuration. src/lib/utils.test.ts
 * checks the file is current, so a new kind of utility cannot slip past it.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from 'tailwind-merge';
import * as localValidators from '../src/lib/tailwind-merge-validators';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const srcDir = path.join(webRoot, 'src');
export const CONFIG_FILE = path.join(srcDir, 'lib/tailwind-merge-config.ts');

type DefaultConfig = ReturnType<typeof getDefaultConfig>;
type ClassGroupId = keyof DefaultConfig['classGroups'] & string;
type ThemeGetter = ((theme: unknown) => unknown) & { isThemeGetter: true; themeKey: string };

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(name) && full !== CONFIG_FILE) yield full;
  }
}

/** Every white-space separated word inside a string literal or template of src that could be a class. */
export function classCandidates(): string[] {
  const tokens = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const literal of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const token of (literal[1] ?? literal[2] ?? literal[3] ?? '').split(/\s+/)) {
        if (/^[!-]?[a-z@*[][\w\-:/.[\]()%#,!&*@=>+~'"]*$/i.test(token)) tokens.add(token);
      }
    }
  }
  return [...tokens].sort();
}

type Merge = (classes: string) => string;
type Definition = readonly unknown[];

function mergerWith(classGroups: Record<string, unknown>): Merge {
  const config = getDefaultConfig();
  return createTailwindMerge(() => ({
    ...config,
    cacheSize: 0,
    classGroups: classGroups as DefaultConfig['classGroups'],
    conflictingClassGroups: {},
    conflictingClassGroupModifiers: {},
    postfixLookupClassGroups: [],
  }));
}

/** A class of a group replaces itself with a tailwind-merge of that group alone; any other word stays twice. */
const belongs = (merge: Merge, token: string) => merge(`${token} ${token}`) === token;

/** The candidates tailwind-merge treats as classes of a group (arbitrary properties need no group). */
export function classesOf(tokens: string[]): string[] {
  const none = mergerWith({});
  return tokens.filter((token) => !belongs(none, token) && belongs(twMerge, token));
}

/**
 * Drops every part of a class group's definition (a literal class, a validator, a theme scale, a prefix object)
 * that none of the given classes needs to stay in the group; the rest keeps its order.
 */
function prune(id: string, definition: Definition, classes: string[]): Definition {
  const holds = (candidate: Definition) => {
    const alone = mergerWith({ [id]: candidate });
    return classes.every((token) => belongs(alone, token));
  };
  let root = definition;
  const pruneArray = (get: () => Definition, set: (next: Definition) => void) => {
    for (let i = get().length - 1; i >= 0; i--) {
      const current = get();
      const without = [...current.slice(0, i), ...current.slice(i + 1)];
      set(without);
      if (holds(root)) continue;
      set(current);
      const item = current[i];
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        const copy: Record<string, Definition> = { ...(item as Record<string, Definition>) };
        const at = (key: string): Definition => copy[key] ?? [];
        const replace = () => set([...get().slice(0, i), { ...copy }, ...get().slice(i + 1)]);
        for (const key of Object.keys(copy)) {
          const value = at(key);
          delete copy[key];
          replace();
          if (holds(root)) continue;
          copy[key] = value;
          replace();
          pruneArray(
            () => at(key),
            (next) => {
              copy[key] = next;
              replace();
            },
          );
        }
      }
    }
  };
  pruneArray(
    () => root,
    (next) => {
      root = next;
    },
  );
  return root;
}

/** The default class groups the classes belong to, in the default order, each cut down to what they need. */
export function keptGroups(classes: string[]): [ClassGroupId, Definition][] {
  const config = getDefaultConfig();
  const kept: [ClassGroupId, Definition][] = [];
  for (const id of Object.keys(config.classGroups) as ClassGroupId[]) {
    const definition: Definition = config.classGroups[id];
    const members = classes.filter((token) => belongs(mergerWith({ [id]: definition }), token));
    if (members.length) kept.push([id, prune(id, definition, members)]);
  }
  return kept;
}

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

function isThemeGetter(value: unknown): value is ThemeGetter {
  return typeof value === 'function' && 'isThemeGetter' in value && Boolean(value.isThemeGetter);
}

/** Source text of a configuration value: strings, numbers, arrays, objects, validators and theme getters. */
function render(value: unknown, themeKeys: Set<string>): string {
  if (isThemeGetter(value)) {
    themeKeys.add(value.themeKey);
    return `t(${JSON.stringify(value.themeKey)})`;
  }
  if (typeof value === 'function') {
    const name = validatorNames.get(value);
    if (!name) throw new Error(`Unknown function in tailwind-merge's configuration: ${String(value).slice(0, 60)}`);
    if (!(name in localValidators)) {
      throw new Error(`Copy tailwind-merge's validator ${name} into src/lib/tailwind-merge-validators.ts.`);
    }
    return `v.${name}`;
  }
  if (Array.isArray(value)) return `[${value.map((v) => render(v, themeKeys)).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${render(v, themeKeys)}`);
    return `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

export function configSource(classes: string[] = classesOf(classCandidates())): string {
  const config = getDefaultConfig();
  const kept = keptGroups(classes);
  const keptSet = new Set<string>(kept.map(([id]) => id));
  const themeKeys = new Set<string>();
  const groups = kept.map(([id, definition]) => `    ${JSON.stringify(id)}: ${render(definition, themeKeys)},`);
  const pick = (record: Record<string, readonly string[] | undefined>) =>
    Object.entries(record)
      .filter(([id]) => keptSet.has(id))
      .map(([id, ids]) => [id, (ids ?? []).filter((other) => keptSet.has(other))] as const)
      .filter(([, ids]) => ids.length > 0)
      .map(([id, ids]) => `    ${JSON.stringify(id)}: ${JSON.stringify(ids)},`);
  // Theme values can name other theme keys; render them until no new key appears.
  const theme = new Map<string, string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const key of [...themeKeys].sort()) {
      if (theme.has(key)) continue;
      theme.set(key, render((config.theme as Record<string, unknown>)[key] ?? [], themeKeys));
      grew = true;
    }
  }
  const themeLines = [...theme]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `    ${JSON.stringify(k)}: ${v},`);
  return `// Generated by apps/web/scripts/tailwind-merge-config.ts from the class names in src; do not edit by hand.
// tailwind-merge's default configuration, keeping ${kept.length} of ${Object.keys(config.classGroups).length} class groups.
import { fromTheme as t, type Config } from 'tailwind-merge';
import * as v from './tailwind-merge-validators';

export const getTailwindMergeConfig = (): Config<string, string> => ({
  cacheSize: ${config.cacheSize},
  theme: {
${themeLines.join('\n')}
  },
  classGroups: {
${groups.join('\n')}
  },
  conflictingClassGroups: {
${pick(config.conflictingClassGroups).join('\n')}
  },
  conflictingClassGroupModifiers: {
${pick(config.conflictingClassGroupModifiers).join('\n')}
  },
  postfixLookupClassGroups: ${JSON.stringify(config.postfixLookupClassGroups.filter((id) => keptSet.has(id)))},
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
});
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const source = await format(configSource(), {
    ...(await resolveConfig(CONFIG_FILE)),
    filepath: CONFIG_FILE,
  });
  if (process.argv.includes('--check')) {
    if (readFileSync(CONFIG_FILE, 'utf8') !== source) {
      console.error(`${path.relative(process.cwd(), CONFIG_FILE)} is out of date: run this script without --check.`);
      process.exit(1);
    }
  } else {
    writeFileSync(CONFIG_FILE, source);
    console.log(`wrote ${path.relative(process.cwd(), CONFIG_FILE)}`);
  }
}
