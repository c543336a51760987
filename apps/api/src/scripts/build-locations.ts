import { LOCATIONS_DIR, writeLocationFiles } from '../modules/platform';

// Part of `npm run build`: the /json location lists and their brotli and gzip copies, made once.
const started = performance.now();
writeLocationFiles();
console.log(`location lists written to ${LOCATIONS_DIR} in ${Math.round(performance.now() - started)} ms`);
