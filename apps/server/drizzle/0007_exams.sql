CREATE TABLE "attempt_questions" (
	"attempt_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"section_name" varchar(100) NOT NULL,
	"section_sort" integer DEFAULT 0 NOT NULL,
	"sort" integer NOT NULL,
	"points" numeric(6, 1) NOT NULL,
	"option_order" jsonb,
	"answer" jsonb,
	"answer_seq" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"flagged" smallint DEFAULT 0 NOT NULL,
	"score" numeric(6, 1),
	"marked_by" bigint,
	"marked_at" timestamp with time zone,
	"mark_comment" text,
	CONSTRAINT "attempt_questions_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exam_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"attempt_no" integer DEFAULT 1 NOT NULL,
	"paper_id" bigint,
	"status" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submit_reason" varchar(20),
	"total_points" numeric(8, 1) DEFAULT 0 NOT NULL,
	"score" numeric(8, 1),
	"passed" smallint,
	"pending_marks" integer DEFAULT 0 NOT NULL,
	"tab_switches" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "exam_candidates" (
	"exam_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"extra_attempts" integer DEFAULT 0 NOT NULL,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"designated_paper_id" bigint,
	"registration" jsonb,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_candidates_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"exam_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "exam_questions_exam_id_question_id_pk" PRIMARY KEY("exam_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "cover_url" text;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "duration_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "attempts_allowed" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "pass_score" numeric(8, 1) DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "late_entry_minutes" integer;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "audience" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "notify" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_designated_paper_id_papers_id_fk" FOREIGN KEY ("designated_paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_questions_question_idx" ON "attempt_questions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_exam_user_no_uq" ON "exam_attempts" USING btree ("exam_id","user_id","attempt_no");--> statement-breakpoint
CREATE INDEX "exam_attempts_user_idx" ON "exam_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "exam_attempts_open_deadline_idx" ON "exam_attempts" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "exam_attempts_exam_status_idx" ON "exam_attempts" USING btree ("exam_id","status");--> statement-breakpoint
CREATE INDEX "exam_candidates_user_idx" ON "exam_candidates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exam_questions_question_idx" ON "exam_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "exams_org_start_idx" ON "exams" USING btree ("organization_id","start_at");