/**
 * The value validators that lib/tailwind-merge-config.ts uses, copied from tailwind-merge 3.7 (MIT licence,
 * Copyright (c) 2021 Dany Castillo; src/lib/validators.ts there): tailwind-merge exports them only as one object
 * holding all thirty, so importing it would ship the lot. apps/web/scripts/tailwind-merge-config.ts names the one
 * to add here when a new class needs it, and src/lib/utils.test.ts checks that merging still equals tailwind-merge.
 */
const arbitraryValueRegex = /^\[(?:(\w[\w-]*):)?(.+)\]$/i;
const arbitraryVariableRegex = /^\((?:(\w[\w-]*):)?(.+)\)$/i;
const tshirtUnitRegex = /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/;
const lengthUnitRegex =
  /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/;
const colorFunctionRegex = /^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix|color|light-dark)\(.+\)$/;

export const isNumber = (value: string) => !!value && !Number.isNaN(Number(value));
export const isInteger = (value: string) => !!value && Number.isInteger(Number(value));
export const isTshirtSize = (value: string) => tshirtUnitRegex.test(value);
export const isAny = () => true;
export const isArbitraryValue = (value: string) => arbitraryValueRegex.test(value);
export const isArbitraryVariable = (value: string) => arbitraryVariableRegex.test(value);
export const isAnyNonArbitrary = (value: string) => !isArbitraryValue(value) && !isArbitraryVariable(value);

// Color functions can hold percentages, which are no lengths (`hsl(0 0% 0%)`).
const isLengthOnly = (value: string) => lengthUnitRegex.test(value) && !colorFunctionRegex.test(value);

export const isArbitraryLength = (value: string) => {
  const result = arbitraryValueRegex.exec(value);
  if (!result) return false;
  return result[1] ? result[1] === 'length' : isLengthOnly(result[2] ?? '');
};
