CREATE TABLE "analysis_report_schedules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analysis_report_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"exam_id" bigint,
	"department_id" bigint,
	"day_of_month" smallint NOT NULL,
	"recipient_ids" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_run_month" varchar(7),
	"last_sent_at" timestamp with time zone,
	"last_status" varchar(8),
	"last_message" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_report_schedules" ADD CONSTRAINT "analysis_report_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_report_schedules" ADD CONSTRAINT "analysis_report_schedules_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_report_schedules" ADD CONSTRAINT "analysis_report_schedules_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_report_schedules" ADD CONSTRAINT "analysis_report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_report_schedules_org_idx" ON "analysis_report_schedules" USING btree ("organization_id","created_at");