/**
 * Which state a US ZIP code belongs to, by its first three digits (the USPS sectional center prefixes). Data, not
 * logic: each row is a range of prefixes and the state codes served there. A few prefixes serve another state
 * than their neighbours (055 is Massachusetts inside Vermont's range, 201 Virginia, 340 the Armed Forces
 * Americas, 398–399 Georgia, 569 Washington DC, 733 and 885 Texas); a few serve several (967 Hawaii and American
 * Samoa; 969 Guam, the Northern Mariana Islands, Palau, Micronesia and the Marshall Islands). Prefixes USPS has
 * not assigned are not listed: such a ZIP is not judged here (the carrier judges it when rating).
 */
export const ZIP_PREFIX_STATES: readonly (readonly [from: number, to: number, states: readonly string[]])[] = [
  [5, 5, ['NY']],
  [6, 7, ['PR']],
  [8, 8, ['VI']],
  [9, 9, ['PR']],
  [10, 27, ['MA']],
  [28, 29, ['RI']],
  [30, 38, ['NH']],
  [39, 49, ['ME']],
  [50, 54, ['VT']],
  [55, 55, ['MA']],
  [56, 59, ['VT']],
  [60, 69, ['CT']],
  [70, 89, ['NJ']],
  [90, 99, ['AE']],
  [100, 149, ['NY']],
  [150, 196, ['PA']],
  [197, 199, ['DE']],
  [200, 200, ['DC']],
  [201, 201, ['VA']],
  [202, 205, ['DC']],
  [206, 219, ['MD']],
  [220, 246, ['VA']],
  [247, 268, ['WV']],
  [270, 289, ['NC']],
  [290, 299, ['SC']],
  [300, 319, ['GA']],
  [320, 339, ['FL']],
  [340, 340, ['AA']],
  [341, 349, ['FL']],
  [350, 369, ['AL']],
  [370, 385, ['TN']],
  [386, 397, ['MS']],
  [398, 399, ['GA']],
  [400, 427, ['KY']],
  [430, 459, ['OH']],
  [460, 479, ['IN']],
  [480, 499, ['MI']],
  [500, 528, ['IA']],
  [530, 549, ['WI']],
  [550, 567, ['MN']],
  [569, 569, ['DC']],
  [570, 577, ['SD']],
  [580, 588, ['ND']],
  [590, 599, ['MT']],
  [600, 629, ['IL']],
  [630, 658, ['MO']],
  [660, 679, ['KS']],
  [680, 693, ['NE']],
  [700, 714, ['LA']],
  [716, 729, ['AR']],
  [730, 732, ['OK']],
  [733, 733, ['TX']],
  [734, 749, ['OK']],
  [750, 799, ['TX']],
  [800, 816, ['CO']],
  [820, 831, ['WY']],
  [832, 838, ['ID']],
  [840, 847, ['UT']],
  [850, 865, ['AZ']],
  [870, 884, ['NM']],
  [885, 885, ['TX']],
  [889, 898, ['NV']],
  [900, 961, ['CA']],
  [962, 966, ['AP']],
  [967, 967, ['HI', 'AS']],
  [968, 968, ['HI']],
  [969, 969, ['GU', 'MP', 'PW', 'FM', 'MH']],
  [970, 979, ['OR']],
  [980, 994, ['WA']],
  [995, 999, ['AK']],
];

/** The states a US ZIP code's prefix serves, or null for a code that is not five digits or an unassigned prefix. */
export function statesOfZip(zipCode: string): readonly string[] | null {
  const m = /^\s*(\d{3})\d{2}(?:-?\d{4})?\s*$/.exec(zipCode);
  if (!m) return null;
  const prefix = Number(m[1]);
  for (const [from, to, states] of ZIP_PREFIX_STATES) {
    if (prefix >= from && prefix <= to) return states;
  }
  return null;
}

/**
 * Whether a US ZIP code can belong to the state: true when they agree, and when the prefix is not one USPS
 * assigned (nothing to compare with). Only a ZIP of another state is refused.
 */
export function zipMatchesState(zipCode: string, state: string): boolean {
  const states = statesOfZip(zipCode);
  return states === null || states.includes(state.trim().toUpperCase());
}

/** The state a ZIP code belongs to, for a message ("10001 is a NY ZIP code"); the first of several. */
export function stateOfZip(zipCode: string): string | null {
  return statesOfZip(zipCode)?.[0] ?? null;
}
