CREATE TABLE "question_calibration" (
	"question_id" bigint PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"bank_id" bigint NOT NULL,
	"a" double precision NOT NULL,
	"b" double precision NOT NULL,
	"se_a" double precision NOT NULL,
	"se_b" double precision NOT NULL,
	"n" bigint NOT NULL,
	"p_value" real NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calibrated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_analysis" (
	"exam_id" bigint PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_calibration" ADD CONSTRAINT "question_calibration_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_calibration" ADD CONSTRAINT "question_calibration_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_analysis" ADD CONSTRAINT "exam_analysis_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_calibration_org_bank_idx" ON "question_calibration" USING btree ("organization_id","bank_id","question_id");--> statement-breakpoint
CREATE INDEX "exam_analysis_org_idx" ON "exam_analysis" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_org_graded_idx" ON "exam_attempts" USING btree ("organization_id","submitted_at") WHERE "exam_attempts"."status" = 2;--> statement-breakpoint
CREATE INDEX "course_progress_course_section_idx" ON "course_progress" USING btree ("course_id","section_id");