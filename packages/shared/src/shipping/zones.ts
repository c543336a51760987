/**
 * Shipping zones from the distance between two US ZIP codes, the way US carriers price ground parcels: the
 * further the destination, the higher the zone (1..8). We ship a compact table of ZIP3 ranges with an
 * approximate centre (a main city of the range) instead of the 40,000-row ZIP database: zones only need
 * distance bands of 50+ miles, so a range centre is close enough, and the table stays a few kilobytes.
 */

/** [first ZIP3 of the range, state, latitude, longitude]; a range runs to the next row's first ZIP3 - 1. */
type Zip3Row = readonly [number, string, number, number];

// Sorted by first ZIP3. Centres: the range's main city (e.g. 100 New York, 900 Los Angeles).
const ZIP3_TABLE: readonly Zip3Row[] = [
  [5, 'NY', 40.81, -73.04],
  [6, 'PR', 18.4, -66.06],
  [10, 'MA', 42.1, -72.59],
  [15, 'MA', 42.36, -71.06],
  [28, 'RI', 41.82, -71.41],
  [30, 'NH', 42.99, -71.46],
  [39, 'ME', 43.66, -70.26],
  [50, 'VT', 44.48, -73.21],
  [60, 'CT', 41.76, -72.67],
  [70, 'NJ', 40.74, -74.17],
  [80, 'NJ', 39.95, -75.12],
  [100, 'NY', 40.71, -74.01],
  [120, 'NY', 42.65, -73.75],
  [130, 'NY', 43.05, -76.15],
  [140, 'NY', 42.89, -78.88],
  [150, 'PA', 40.44, -80.0],
  [160, 'PA', 40.27, -76.88],
  [180, 'PA', 40.6, -75.49],
  [190, 'PA', 39.95, -75.17],
  [197, 'DE', 39.74, -75.55],
  [200, 'DC', 38.9, -77.04],
  [206, 'MD', 39.29, -76.61],
  [220, 'VA', 38.88, -77.1],
  [230, 'VA', 37.54, -77.44],
  [240, 'VA', 37.27, -79.94],
  [247, 'WV', 38.35, -81.63],
  [270, 'NC', 36.07, -79.79],
  [280, 'NC', 35.23, -80.84],
  [290, 'SC', 34.0, -81.03],
  [300, 'GA', 33.75, -84.39],
  [310, 'GA', 32.08, -81.09],
  [320, 'FL', 30.33, -81.66],
  [327, 'FL', 28.54, -81.38],
  [330, 'FL', 25.76, -80.19],
  [335, 'FL', 27.95, -82.46],
  [350, 'AL', 33.52, -86.8],
  [360, 'AL', 32.37, -86.3],
  [370, 'TN', 36.16, -86.78],
  [380, 'TN', 35.15, -90.05],
  [386, 'MS', 32.3, -90.18],
  [398, 'GA', 31.58, -84.16],
  [400, 'KY', 38.25, -85.76],
  [410, 'KY', 38.04, -84.5],
  [430, 'OH', 39.96, -83.0],
  [440, 'OH', 41.5, -81.69],
  [450, 'OH', 39.1, -84.51],
  [460, 'IN', 39.77, -86.16],
  [470, 'IN', 41.08, -85.14],
  [480, 'MI', 42.33, -83.05],
  [490, 'MI', 42.96, -85.67],
  [500, 'IA', 41.59, -93.62],
  [510, 'IA', 42.5, -96.4],
  [530, 'WI', 43.04, -87.91],
  [540, 'WI', 44.51, -88.01],
  [550, 'MN', 44.98, -93.27],
  [560, 'MN', 46.79, -92.1],
  [569, 'DC', 38.9, -77.04],
  [570, 'SD', 43.55, -96.73],
  [580, 'ND', 46.88, -96.79],
  [590, 'MT', 45.78, -108.5],
  [600, 'IL', 41.88, -87.63],
  [610, 'IL', 40.69, -89.59],
  [620, 'IL', 38.63, -90.2],
  [630, 'MO', 38.63, -90.2],
  [640, 'MO', 39.1, -94.58],
  [660, 'KS', 39.05, -95.68],
  [670, 'KS', 37.69, -97.34],
  [680, 'NE', 41.26, -95.93],
  [690, 'NE', 41.13, -100.77],
  [700, 'LA', 29.95, -90.07],
  [706, 'LA', 30.45, -91.19],
  [710, 'LA', 32.53, -93.75],
  [716, 'AR', 34.75, -92.29],
  [730, 'OK', 35.47, -97.52],
  [740, 'OK', 36.15, -95.99],
  [750, 'TX', 32.78, -96.8],
  [760, 'TX', 32.76, -97.33],
  [770, 'TX', 29.76, -95.37],
  [780, 'TX', 29.42, -98.49],
  [786, 'TX', 30.27, -97.74],
  [790, 'TX', 33.58, -101.86],
  [798, 'TX', 31.76, -106.49],
  [800, 'CO', 39.74, -104.99],
  [810, 'CO', 38.83, -104.82],
  [820, 'WY', 41.14, -104.82],
  [832, 'ID', 43.62, -116.2],
  [840, 'UT', 40.76, -111.89],
  [850, 'AZ', 33.45, -112.07],
  [856, 'AZ', 32.22, -110.97],
  [870, 'NM', 35.08, -106.65],
  [889, 'NV', 36.17, -115.14],
  [894, 'NV', 39.53, -119.81],
  [900, 'CA', 34.05, -118.24],
  [919, 'CA', 32.72, -117.16],
  [922, 'CA', 33.95, -117.4],
  [930, 'CA', 35.37, -119.02],
  [936, 'CA', 36.74, -119.79],
  [940, 'CA', 37.77, -122.42],
  [950, 'CA', 37.34, -121.89],
  [956, 'CA', 38.58, -121.49],
  [960, 'CA', 40.59, -122.39],
  [962, 'AP', 35.0, 135.0],
  [967, 'HI', 21.31, -157.86],
  [969, 'GU', 13.44, 144.79],
  [970, 'OR', 45.52, -122.68],
  [975, 'OR', 42.33, -122.87],
  [980, 'WA', 47.61, -122.33],
  [990, 'WA', 47.66, -117.43],
  [995, 'AK', 61.22, -149.9],
];

export interface Zip3Location {
  state: string;
  lat: number;
  lon: number;
}

/** The range centre for a US ZIP (5 digits or ZIP+4), or null when it is not a US ZIP we know. */
export function locateZip(zip: string): Zip3Location | null {
  const m = /^(\d{3})\d{2}(?:-?\d{4})?$/.exec(zip.trim());
  if (!m) return null;
  const zip3 = Number(m[1]);
  let found: Zip3Row | undefined;
  for (const row of ZIP3_TABLE) {
    if (row[0] > zip3) break;
    found = row;
  }
  return found ? { state: found[1], lat: found[2], lon: found[3] } : null;
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles. */
export function distanceMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/** Upper distance (miles) of zones 1..7; anything further is zone 8 (the USPS bands). */
const ZONE_LIMITS_MILES = [50, 150, 300, 600, 1000, 1400, 1800] as const;

export type Zone = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export function zoneForDistance(miles: number): Zone {
  const index = ZONE_LIMITS_MILES.findIndex((limit) => miles <= limit);
  return (index === -1 ? 8 : index + 1) as Zone;
}

/** The zone between two US ZIP codes; null when either is unknown. The same ZIP3 is zone 1. */
export function zoneBetween(fromZip: string, toZip: string): Zone | null {
  const from = locateZip(fromZip);
  const to = locateZip(toZip);
  if (!from || !to) return null;
  return zoneForDistance(distanceMiles(from, to));
}
