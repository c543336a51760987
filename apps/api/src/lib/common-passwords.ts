import { dictionary } from '@zxcvbn-ts/language-common';

let common: ReadonlySet<string> | undefined;

/**
 * True for a password on the common-password list of zxcvbn-ts (`@zxcvbn-ts/language-common`, MIT, about
 * 49,000 passwords ranked by how often they appear in breaches), compared without regard to letter case.
 * Server only: the list never reaches the web bundle. Built on first use (a few milliseconds).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}
