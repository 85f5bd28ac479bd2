-- Decision 0265: a branch's checks newest first (GET /console/transactions' keyset pages) and a table's
-- newest open check (the guest's table lookup) read their first index entries in order instead of
-- sorting every check of the branch or table. The table index replaces transactions_branch_table_idx,
-- whose columns it starts with.
DROP INDEX "transactions_branch_table_idx";--> statement-breakpoint
CREATE INDEX "transactions_branch_opened_idx" ON "transactions" USING btree ("branch_id","check_open_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_branch_table_open_idx" ON "transactions" USING btree ("branch_id","table_id","check_open_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."open";