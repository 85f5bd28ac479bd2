-- Decision 0157: the pool's only index is voucher_codes_unused_idx. Without statistics (PGlite never
-- analyses) the planner took this one for the code take and read and sorted every unused code of the pool.
DROP INDEX "voucher_codes_pool_idx";