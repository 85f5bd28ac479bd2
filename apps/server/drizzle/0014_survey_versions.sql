CREATE TABLE "survey_drafts" (
	"survey_id" integer PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"based_on" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_versions" (
	"survey_id" integer NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_from" integer,
	"note" text,
	CONSTRAINT "survey_versions_survey_id_version_pk" PRIMARY KEY("survey_id","version")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "managers_edit_surveys" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "survey_version" integer;--> statement-breakpoint
ALTER TABLE "survey_drafts" ADD CONSTRAINT "survey_drafts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_drafts" ADD CONSTRAINT "survey_drafts_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_versions" ADD CONSTRAINT "survey_versions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_versions" ADD CONSTRAINT "survey_versions_published_by_operators_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_drafts_updated_idx" ON "survey_drafts" USING btree ("updated_at");--> statement-breakpoint
-- Every survey that exists is its own version 1, offered in its own language (issue 31, decision 0254).
UPDATE "surveys" SET "languages" = jsonb_build_array("template_locale");--> statement-breakpoint
INSERT INTO "survey_versions" ("survey_id", "version", "document")
SELECT "id", 1, jsonb_build_object(
  'format', 1,
  'survey', "definition" || jsonb_build_object(
    'templateId', "id", 'slug', "slug", 'name', "name", 'templateLocale', "template_locale",
    'eposEnabled', "epos_enabled", 'showPinScreen', "show_pin_screen", 'tableNumberEntry', "table_number_entry"),
  'questions', "questions",
  'languages', jsonb_build_array("template_locale"),
  'translations', '{}'::jsonb)
FROM "surveys";
