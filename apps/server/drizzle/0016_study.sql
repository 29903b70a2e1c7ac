CREATE TABLE "practice_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"round_id" bigint NOT NULL,
	"practice_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"answer" jsonb,
	"correct" smallint NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_questions" (
	"practice_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "practice_questions_practice_id_question_id_pk" PRIMARY KEY("practice_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "practice_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"practice_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"question_ids" jsonb NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "practice_sources" (
	"practice_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"ref_id" bigint NOT NULL,
	CONSTRAINT "practice_sources_practice_id_kind_ref_id_pk" PRIMARY KEY("practice_id","kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "practices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"round_size" integer DEFAULT 10 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"user_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"source" varchar(10) NOT NULL,
	"source_id" bigint,
	"wrong_count" integer DEFAULT 1 NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" real DEFAULT 0 NOT NULL,
	"difficulty" real DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mastered_at" timestamp with time zone,
	CONSTRAINT "review_cards_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"rating" smallint NOT NULL,
	"correct" smallint NOT NULL,
	"scheduled_days" integer NOT NULL,
	"stability" real NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_task_assignees" (
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"source" varchar(10) NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_count" smallint DEFAULT 0 NOT NULL,
	"progress_percent" smallint DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "study_task_assignees_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "study_task_audiences" (
	"task_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"ref_id" bigint NOT NULL,
	"include_sub" boolean DEFAULT true NOT NULL,
	CONSTRAINT "study_task_audiences_task_id_kind_ref_id_pk" PRIMARY KEY("task_id","kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "study_task_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_task_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"ref_id" bigint NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_task_reminders" (
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_task_reminders_task_id_user_id_kind_pk" PRIMARY KEY("task_id","user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "study_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"start_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_target_scopes" (
	"target_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"ref_id" bigint NOT NULL,
	CONSTRAINT "study_target_scopes_target_id_kind_ref_id_pk" PRIMARY KEY("target_id","kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "study_targets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_targets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"metric" varchar(10) NOT NULL,
	"target_value" numeric(8, 1) NOT NULL,
	"levels" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_round_id_practice_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."practice_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_rounds" ADD CONSTRAINT "practice_rounds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_rounds" ADD CONSTRAINT "practice_rounds_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_rounds" ADD CONSTRAINT "practice_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sources" ADD CONSTRAINT "practice_sources_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_assignees" ADD CONSTRAINT "study_task_assignees_task_id_study_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."study_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_assignees" ADD CONSTRAINT "study_task_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_assignees" ADD CONSTRAINT "study_task_assignees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_audiences" ADD CONSTRAINT "study_task_audiences_task_id_study_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."study_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_audiences" ADD CONSTRAINT "study_task_audiences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_items" ADD CONSTRAINT "study_task_items_task_id_study_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."study_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_reminders" ADD CONSTRAINT "study_task_reminders_task_id_study_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."study_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_reminders" ADD CONSTRAINT "study_task_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_tasks" ADD CONSTRAINT "study_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_tasks" ADD CONSTRAINT "study_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_target_scopes" ADD CONSTRAINT "study_target_scopes_target_id_study_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."study_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_targets" ADD CONSTRAINT "study_targets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_targets" ADD CONSTRAINT "study_targets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_answers_practice_question_idx" ON "practice_answers" USING btree ("practice_id","question_id");--> statement-breakpoint
CREATE INDEX "practice_answers_round_idx" ON "practice_answers" USING btree ("round_id","question_id");--> statement-breakpoint
CREATE INDEX "practice_rounds_practice_user_idx" ON "practice_rounds" USING btree ("practice_id","user_id");--> statement-breakpoint
CREATE INDEX "practice_rounds_user_idx" ON "practice_rounds" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "practices_org_status_idx" ON "practices" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "review_cards_due_idx" ON "review_cards" USING btree ("user_id","due") WHERE "review_cards"."mastered_at" is null;--> statement-breakpoint
CREATE INDEX "review_cards_org_question_idx" ON "review_cards" USING btree ("organization_id","question_id");--> statement-breakpoint
CREATE INDEX "review_logs_org_question_idx" ON "review_logs" USING btree ("organization_id","question_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "study_task_assignees_user_idx" ON "study_task_assignees" USING btree ("user_id","task_id");--> statement-breakpoint
CREATE INDEX "study_task_assignees_task_done_idx" ON "study_task_assignees" USING btree ("task_id","completed_at","done_count");--> statement-breakpoint
CREATE INDEX "study_task_audiences_ref_idx" ON "study_task_audiences" USING btree ("organization_id","kind","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_task_items_uq" ON "study_task_items" USING btree ("task_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "study_task_items_ref_idx" ON "study_task_items" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "study_tasks_org_idx" ON "study_tasks" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "study_tasks_due_idx" ON "study_tasks" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "study_target_scopes_ref_idx" ON "study_target_scopes" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "study_targets_org_idx" ON "study_targets" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "course_members_org_completed_idx" ON "course_members" USING btree ("organization_id","completed_at") WHERE "course_members"."completed_at" is not null;