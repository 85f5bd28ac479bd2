-- A dish reason's id means something only with its rating (G4.46: each rating offers its own reasons),
-- so the reason rollup is keyed by the rating too. Rows folded before this carry no rating: they are
-- rebuilt from response_dishes, which keeps each folded response's rating and reasons (decision 0229).
ALTER TABLE "report_day_dish_reasons" ADD COLUMN "rating" smallint;--> statement-breakpoint
DELETE FROM "report_day_dish_reasons";--> statement-breakpoint
INSERT INTO "report_day_dish_reasons" ("company_id", "branch_key", "survey_id", "day", "ref", "rating", "reason_id", "count")
SELECT r.company_id, coalesce(r.branch_id, 0), r.survey_id,
  CASE WHEN r.visit_datetime ~ '^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])'
    THEN left(r.visit_datetime, 10)::date ELSE (r.created_at AT TIME ZONE 'UTC')::date END,
  d.ref, d.rating, reason, count(*)
FROM "response_dishes" d JOIN "responses" r ON r.id = d.response_id, unnest(d.reasons) AS reason
GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
ALTER TABLE "report_day_dish_reasons" ALTER COLUMN "rating" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_day_dish_reasons" DROP CONSTRAINT "report_day_dish_reasons_branch_key_survey_id_day_ref_reason_id_pk";--> statement-breakpoint
ALTER TABLE "report_day_dish_reasons" ADD CONSTRAINT "report_day_dish_reasons_branch_key_survey_id_day_ref_rating_reason_id_pk" PRIMARY KEY("branch_key","survey_id","day","ref","rating","reason_id");
