import type { PlanAdditionalFee, PlanPenaltyFee } from '@postwise/shared/plans';

/** A plan's fees when it charges none: a scan top-up, or a box holder without a plan. */
export const NO_ADDITIONAL_FEE: PlanAdditionalFee = {
  packageReceiving: 0,
  packageConsolidation: 0,
  overWeight: 0,
  mailStorage: 0,
  packageStorage: 0,
  palletReceiving: 0,
  palletStorage: 0,
};
export const NO_PENALTY_FEE: PlanPenaltyFee = { wrongAddress: 0, late: 0, reinstatement: 0 };
