/** The flag conflict: shown exactly when both --party and --classic are given. */
export const MUTUAL_EXCLUSION_ERROR = "Error: --party and --classic are mutually exclusive. Use one or the other.";
