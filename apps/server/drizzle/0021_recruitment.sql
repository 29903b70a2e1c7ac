CREATE TABLE "recruitment_applicants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruitment_applicants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"email" varchar(200),
	"school" varchar(100),
	"degree" varchar(10),
	"years" integer,
	"user_id" bigint,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rating" smallint,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruitment_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"job_id" bigint NOT NULL,
	"applicant_id" bigint NOT NULL,
	"campus_session_id" bigint,
	"resume_id" bigint,
	"source" varchar(20) DEFAULT 'web' NOT NULL,
	"stage" varchar(12) DEFAULT 'applied' NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"test_token" varchar(64),
	"test_sent_at" timestamp with time zone,
	"test_score" numeric(8, 1),
	"test_total" numeric(8, 1),
	"decision_note" text,
	"hired_user_id" bigint,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recruitment_campus_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruitment_campus_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"school" varchar(100) NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"place" varchar(200) NOT NULL,
	"description" text,
	"job_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruitment_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"post_id" bigint NOT NULL,
	"paper_id" bigint,
	"headcount" integer DEFAULT 1 NOT NULL,
	"location" varchar(100),
	"salary_min" integer,
	"salary_max" integer,
	"description" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"test_exam_id" bigint,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruitment_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"channel" varchar(10) NOT NULL,
	"recipient" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"sent_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_resumes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruitment_resumes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"applicant_id" bigint,
	"file_id" bigint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"claim_token" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_stage_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruitment_stage_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"from_stage" varchar(12),
	"to_stage" varchar(12) NOT NULL,
	"actor_id" bigint,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recruitment_applicants" ADD CONSTRAINT "recruitment_applicants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_applicants" ADD CONSTRAINT "recruitment_applicants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_applications" ADD CONSTRAINT "recruitment_applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_applications" ADD CONSTRAINT "recruitment_applications_job_id_recruitment_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."recruitment_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_applications" ADD CONSTRAINT "recruitment_applications_applicant_id_recruitment_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."recruitment_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_applications" ADD CONSTRAINT "recruitment_applications_campus_session_id_recruitment_campus_sessions_id_fk" FOREIGN KEY ("campus_session_id") REFERENCES "public"."recruitment_campus_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_applications" ADD CONSTRAINT "recruitment_applications_resume_id_recruitment_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."recruitment_resumes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_applications" ADD CONSTRAINT "recruitment_applications_hired_user_id_users_id_fk" FOREIGN KEY ("hired_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_campus_sessions" ADD CONSTRAINT "recruitment_campus_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_jobs" ADD CONSTRAINT "recruitment_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_jobs" ADD CONSTRAINT "recruitment_jobs_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_jobs" ADD CONSTRAINT "recruitment_jobs_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_jobs" ADD CONSTRAINT "recruitment_jobs_test_exam_id_exams_id_fk" FOREIGN KEY ("test_exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_jobs" ADD CONSTRAINT "recruitment_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_messages" ADD CONSTRAINT "recruitment_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_messages" ADD CONSTRAINT "recruitment_messages_application_id_recruitment_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."recruitment_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_messages" ADD CONSTRAINT "recruitment_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_resumes" ADD CONSTRAINT "recruitment_resumes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_resumes" ADD CONSTRAINT "recruitment_resumes_applicant_id_recruitment_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."recruitment_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_resumes" ADD CONSTRAINT "recruitment_resumes_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_stage_moves" ADD CONSTRAINT "recruitment_stage_moves_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_stage_moves" ADD CONSTRAINT "recruitment_stage_moves_application_id_recruitment_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."recruitment_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_stage_moves" ADD CONSTRAINT "recruitment_stage_moves_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recruitment_applicants_org_phone_uq" ON "recruitment_applicants" USING btree ("organization_id","phone");--> statement-breakpoint
CREATE INDEX "recruitment_applicants_org_email_idx" ON "recruitment_applicants" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "recruitment_applicants_user_idx" ON "recruitment_applicants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recruitment_applicants_org_created_idx" ON "recruitment_applicants" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recruitment_applications_job_applicant_uq" ON "recruitment_applications" USING btree ("job_id","applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruitment_applications_test_token_uq" ON "recruitment_applications" USING btree ("test_token");--> statement-breakpoint
CREATE INDEX "recruitment_applications_board_idx" ON "recruitment_applications" USING btree ("organization_id","job_id","stage","stage_changed_at");--> statement-breakpoint
CREATE INDEX "recruitment_applications_org_applied_idx" ON "recruitment_applications" USING btree ("organization_id","applied_at");--> statement-breakpoint
CREATE INDEX "recruitment_applications_org_stage_idx" ON "recruitment_applications" USING btree ("organization_id","stage","stage_changed_at");--> statement-breakpoint
CREATE INDEX "recruitment_applications_applicant_idx" ON "recruitment_applications" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "recruitment_applications_campus_idx" ON "recruitment_applications" USING btree ("campus_session_id");--> statement-breakpoint
CREATE INDEX "recruitment_applications_hired_idx" ON "recruitment_applications" USING btree ("organization_id","hired_at") WHERE "recruitment_applications"."stage" = 'hired';--> statement-breakpoint
CREATE INDEX "recruitment_campus_org_held_idx" ON "recruitment_campus_sessions" USING btree ("organization_id","held_at");--> statement-breakpoint
CREATE INDEX "recruitment_jobs_org_status_idx" ON "recruitment_jobs" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "recruitment_messages_application_idx" ON "recruitment_messages" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "recruitment_resumes_applicant_idx" ON "recruitment_resumes" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "recruitment_stage_moves_application_idx" ON "recruitment_stage_moves" USING btree ("application_id","created_at");