CREATE TABLE "report_day_dish_reasons" (
	"company_id" integer NOT NULL,
	"branch_key" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"day" date NOT NULL,
	"ref" text NOT NULL,
	"reason_id" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "report_day_dish_reasons_branch_key_survey_id_day_ref_reason_id_pk" PRIMARY KEY("branch_key","survey_id","day","ref","reason_id")
);
--> statement-breakpoint
CREATE TABLE "report_day_dishes" (
	"company_id" integer NOT NULL,
	"branch_key" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"day" date NOT NULL,
	"ref" text NOT NULL,
	"bad" integer NOT NULL,
	"neutral" integer NOT NULL,
	"good" integer NOT NULL,
	CONSTRAINT "report_day_dishes_branch_key_survey_id_day_ref_pk" PRIMARY KEY("branch_key","survey_id","day","ref")
);
--> statement-breakpoint
CREATE TABLE "report_day_indicators" (
	"company_id" integer NOT NULL,
	"branch_key" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"day" date NOT NULL,
	"indicator_id" integer NOT NULL,
	"score_sum" numeric NOT NULL,
	"score_count" integer NOT NULL,
	CONSTRAINT "report_day_indicators_branch_key_survey_id_day_indicator_id_pk" PRIMARY KEY("branch_key","survey_id","day","indicator_id")
);
--> statement-breakpoint
CREATE TABLE "report_day_staff" (
	"company_id" integer NOT NULL,
	"branch_key" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"day" date NOT NULL,
	"staff_id" integer NOT NULL,
	"chosen" integer NOT NULL,
	"csat_sum" integer NOT NULL,
	"csat_count" integer NOT NULL,
	"nps_sum" integer NOT NULL,
	"nps_count" integer NOT NULL,
	CONSTRAINT "report_day_staff_branch_key_survey_id_day_staff_id_pk" PRIMARY KEY("branch_key","survey_id","day","staff_id")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"company_id" integer NOT NULL,
	"branch_key" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"day" date NOT NULL,
	"responses" integer NOT NULL,
	"csat_sum" integer NOT NULL,
	"csat_count" integer NOT NULL,
	"promoters" integer NOT NULL,
	"passives" integer NOT NULL,
	"detractors" integer NOT NULL,
	"complaints" integer NOT NULL,
	CONSTRAINT "report_days_branch_key_survey_id_day_pk" PRIMARY KEY("branch_key","survey_id","day")
);
--> statement-breakpoint
CREATE TABLE "response_dishes" (
	"response_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"ref" text NOT NULL,
	"rating" smallint NOT NULL,
	"reasons" integer[] NOT NULL,
	CONSTRAINT "response_dishes_response_id_position_pk" PRIMARY KEY("response_id","position")
);
--> statement-breakpoint
CREATE TABLE "response_scores" (
	"response_id" integer NOT NULL,
	"indicator_id" integer NOT NULL,
	"score" numeric NOT NULL,
	CONSTRAINT "response_scores_response_id_indicator_id_pk" PRIMARY KEY("response_id","indicator_id")
);
--> statement-breakpoint
CREATE TABLE "response_texts" (
	"response_id" integer PRIMARY KEY NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "folded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_day_dish_reasons" ADD CONSTRAINT "report_day_dish_reasons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_day_dish_reasons" ADD CONSTRAINT "report_day_dish_reasons_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_day_dishes" ADD CONSTRAINT "report_day_dishes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_day_dishes" ADD CONSTRAINT "report_day_dishes_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_day_indicators" ADD CONSTRAINT "report_day_indicators_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_day_indicators" ADD CONSTRAINT "report_day_indicators_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_day_staff" ADD CONSTRAINT "report_day_staff_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_day_staff" ADD CONSTRAINT "report_day_staff_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_dishes" ADD CONSTRAINT "response_dishes_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_scores" ADD CONSTRAINT "response_scores_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_texts" ADD CONSTRAINT "response_texts_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_day_dish_reasons_company_day_idx" ON "report_day_dish_reasons" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "report_day_dishes_company_day_idx" ON "report_day_dishes" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "report_day_indicators_company_day_idx" ON "report_day_indicators" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "report_day_staff_company_day_idx" ON "report_day_staff" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "report_days_company_day_idx" ON "report_days" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "response_dishes_ref_idx" ON "response_dishes" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "response_scores_indicator_idx" ON "response_scores" USING btree ("indicator_id","score");--> statement-breakpoint
CREATE INDEX "responses_company_visit_idx" ON "responses" USING btree ("company_id","visit_datetime" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "responses_branch_visit_idx" ON "responses" USING btree ("branch_id","visit_datetime" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "responses_unfolded_idx" ON "responses" USING btree ("id") WHERE not "responses"."folded";--> statement-breakpoint
-- Hand-written: the inbox's text search is a case-insensitive "contains" over what guests wrote (0001's way).
CREATE INDEX "response_texts_body_trgm_idx" ON "response_texts" USING gin (lower("body") gin_trgm_ops);
