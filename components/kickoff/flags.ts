/** Seed 000 §1.1: shown exactly when both flags are given. */
export const MUTUAL_EXCLUSION_ERROR = "Error: --party and --classic are mutually exclusive. Use one or the other.";
