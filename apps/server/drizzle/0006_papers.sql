CREATE TABLE "exam_papers" (
	"exam_id" bigint NOT NULL,
	"paper_id" bigint NOT NULL,
	CONSTRAINT "exam_papers_exam_id_paper_id_pk" PRIMARY KEY("exam_id","paper_id")
);
--> statement-breakpoint
CREATE TABLE "paper_auto_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paper_auto_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"rules" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_banks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paper_banks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"category_id" bigint,
	"name" varchar(100) NOT NULL,
	"description" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paper_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_posts" (
	"paper_id" bigint NOT NULL,
	"post_id" bigint NOT NULL,
	CONSTRAINT "paper_posts_paper_id_post_id_pk" PRIMARY KEY("paper_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "paper_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paper_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"paper_id" bigint NOT NULL,
	"section_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"points" numeric(6, 1) DEFAULT 10 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_random_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paper_random_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"paper_id" bigint NOT NULL,
	"section_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" smallint NOT NULL,
	"count" integer NOT NULL,
	"points" numeric(6, 1) DEFAULT 10 NOT NULL,
	"bank_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"knowledge_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"difficulty_min" smallint DEFAULT 1 NOT NULL,
	"difficulty_max" smallint DEFAULT 10 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_sections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paper_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"paper_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "paper_bank_id" bigint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "category_id" bigint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "total_score" numeric(8, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "question_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "avg_difficulty" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "times_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_auto_rules" ADD CONSTRAINT "paper_auto_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_auto_rules" ADD CONSTRAINT "paper_auto_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_banks" ADD CONSTRAINT "paper_banks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_banks" ADD CONSTRAINT "paper_banks_category_id_paper_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."paper_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_banks" ADD CONSTRAINT "paper_banks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_categories" ADD CONSTRAINT "paper_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_categories" ADD CONSTRAINT "paper_categories_parent_id_paper_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."paper_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_posts" ADD CONSTRAINT "paper_posts_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_posts" ADD CONSTRAINT "paper_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_section_id_paper_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."paper_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_random_rules" ADD CONSTRAINT "paper_random_rules_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_random_rules" ADD CONSTRAINT "paper_random_rules_section_id_paper_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."paper_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_sections" ADD CONSTRAINT "paper_sections_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_papers_paper_idx" ON "exam_papers" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "paper_auto_rules_org_created_idx" ON "paper_auto_rules" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "paper_banks_org_category_idx" ON "paper_banks" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "paper_banks_org_created_idx" ON "paper_banks" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "paper_categories_org_parent_idx" ON "paper_categories" USING btree ("organization_id","parent_id");--> statement-breakpoint
CREATE INDEX "paper_posts_post_idx" ON "paper_posts" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_questions_paper_question_uq" ON "paper_questions" USING btree ("paper_id","question_id");--> statement-breakpoint
CREATE INDEX "paper_questions_section_idx" ON "paper_questions" USING btree ("section_id","sort");--> statement-breakpoint
CREATE INDEX "paper_questions_question_idx" ON "paper_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "paper_random_rules_paper_idx" ON "paper_random_rules" USING btree ("paper_id","section_id","sort");--> statement-breakpoint
CREATE INDEX "paper_sections_paper_idx" ON "paper_sections" USING btree ("paper_id","sort");--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_paper_bank_id_paper_banks_id_fk" FOREIGN KEY ("paper_bank_id") REFERENCES "public"."paper_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_category_id_paper_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."paper_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "papers_org_bank_idx" ON "papers" USING btree ("organization_id","paper_bank_id");--> statement-breakpoint
CREATE INDEX "papers_org_category_idx" ON "papers" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "papers_org_created_idx" ON "papers" USING btree ("organization_id","created_at");