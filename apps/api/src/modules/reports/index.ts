export { startRollupRunner } from './analytics/rollup';
export { analyticsRoutes } from './analytics/routes';
