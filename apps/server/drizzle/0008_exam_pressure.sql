CREATE TABLE "exam_attempt_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_attempt_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attempt_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"kind" varchar(30) NOT NULL,
	"detail" jsonb,
	"actor_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_auto_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_auto_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(200) NOT NULL,
	"generation" jsonb NOT NULL,
	"exam_template" jsonb NOT NULL,
	"recurrence" varchar(10) DEFAULT 'once' NOT NULL,
	"first_start_at" timestamp with time zone NOT NULL,
	"lead_minutes" integer DEFAULT 60 NOT NULL,
	"next_start_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_exam_id" bigint,
	"last_error" text,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "judge_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"attempt_id" bigint,
	"question_id" bigint NOT NULL,
	"language" varchar(20) NOT NULL,
	"code" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"verdict" varchar(20),
	"result" jsonb,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "auto_rule_id" bigint;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "fullscreen_exits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "warnings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "snapshots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempt_events" ADD CONSTRAINT "exam_attempt_events_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_auto_rules" ADD CONSTRAINT "exam_auto_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_auto_rules" ADD CONSTRAINT "exam_auto_rules_last_exam_id_exams_id_fk" FOREIGN KEY ("last_exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_auto_rules" ADD CONSTRAINT "exam_auto_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_jobs" ADD CONSTRAINT "judge_jobs_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_attempt_events_attempt_idx" ON "exam_attempt_events" USING btree ("attempt_id","id");--> statement-breakpoint
CREATE INDEX "exam_attempt_events_exam_idx" ON "exam_attempt_events" USING btree ("exam_id","id");--> statement-breakpoint
CREATE INDEX "exam_auto_rules_org_idx" ON "exam_auto_rules" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "exam_auto_rules_due_idx" ON "exam_auto_rules" USING btree ("enabled","next_start_at");--> statement-breakpoint
CREATE INDEX "judge_jobs_status_idx" ON "judge_jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "judge_jobs_attempt_idx" ON "judge_jobs" USING btree ("attempt_id","question_id");