CREATE TABLE "post_departments" (
	"post_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	CONSTRAINT "post_departments_post_id_department_id_pk" PRIMARY KEY("post_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "post_families" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_families_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"post_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_id_pk" PRIMARY KEY("post_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "abilities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abilities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"dimension_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ability_dimensions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ability_dimensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(500),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ability_knowledge" (
	"ability_id" bigint NOT NULL,
	"knowledge_id" bigint NOT NULL,
	CONSTRAINT "ability_knowledge_ability_id_knowledge_id_pk" PRIMARY KEY("ability_id","knowledge_id")
);
--> statement-breakpoint
CREATE TABLE "ability_materials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ability_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"ability_id" bigint NOT NULL,
	"level" smallint,
	"kind" varchar(20) NOT NULL,
	"title" varchar(200) NOT NULL,
	"url" text,
	"file_id" bigint,
	"course_id" bigint,
	"minutes" integer,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ability_tags" (
	"ability_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "ability_tags_ability_id_tag_id_pk" PRIMARY KEY("ability_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "attempt_abilities" (
	"attempt_id" bigint NOT NULL,
	"ability_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"score" numeric(8, 1) NOT NULL,
	"max_score" numeric(8, 1) NOT NULL,
	"level" smallint NOT NULL,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_abilities_attempt_id_ability_id_pk" PRIMARY KEY("attempt_id","ability_id")
);
--> statement-breakpoint
CREATE TABLE "post_abilities" (
	"post_id" bigint NOT NULL,
	"ability_id" bigint NOT NULL,
	"required_level" smallint NOT NULL,
	"weight" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_abilities_post_id_ability_id_pk" PRIMARY KEY("post_id","ability_id")
);
--> statement-breakpoint
CREATE TABLE "post_knowledge" (
	"post_id" bigint NOT NULL,
	"knowledge_id" bigint NOT NULL,
	"mastery" smallint NOT NULL,
	CONSTRAINT "post_knowledge_post_id_knowledge_id_pk" PRIMARY KEY("post_id","knowledge_id")
);
--> statement-breakpoint
CREATE TABLE "staff_abilities" (
	"organization_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"ability_id" bigint NOT NULL,
	"exam_level" smallint,
	"exam_score_rate" numeric(5, 1),
	"exam_attempt_id" bigint,
	"exam_at" timestamp with time zone,
	"rating_level" smallint,
	"rated_by" bigint,
	"rated_at" timestamp with time zone,
	"rating_comment" varchar(500),
	"level" numeric(3, 1) NOT NULL,
	"level10" smallint GENERATED ALWAYS AS ((level * 10)::smallint) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_abilities_user_id_ability_id_pk" PRIMARY KEY("user_id","ability_id")
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "purpose" varchar(20) DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "post_id" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "family_id" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "code" varchar(50);--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "grade" varchar(30);--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "headcount" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "duties" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "requirements" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "share_token" varchar(64);--> statement-breakpoint
ALTER TABLE "post_departments" ADD CONSTRAINT "post_departments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_departments" ADD CONSTRAINT "post_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_families" ADD CONSTRAINT "post_families_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_families" ADD CONSTRAINT "post_families_parent_id_post_families_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."post_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abilities" ADD CONSTRAINT "abilities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abilities" ADD CONSTRAINT "abilities_dimension_id_ability_dimensions_id_fk" FOREIGN KEY ("dimension_id") REFERENCES "public"."ability_dimensions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ability_dimensions" ADD CONSTRAINT "ability_dimensions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ability_knowledge" ADD CONSTRAINT "ability_knowledge_ability_id_abilities_id_fk" FOREIGN KEY ("ability_id") REFERENCES "public"."abilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ability_knowledge" ADD CONSTRAINT "ability_knowledge_knowledge_id_knowledge_nodes_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ability_materials" ADD CONSTRAINT "ability_materials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ability_materials" ADD CONSTRAINT "ability_materials_ability_id_abilities_id_fk" FOREIGN KEY ("ability_id") REFERENCES "public"."abilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ability_tags" ADD CONSTRAINT "ability_tags_ability_id_abilities_id_fk" FOREIGN KEY ("ability_id") REFERENCES "public"."abilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ability_tags" ADD CONSTRAINT "ability_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_abilities" ADD CONSTRAINT "attempt_abilities_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_abilities" ADD CONSTRAINT "attempt_abilities_ability_id_abilities_id_fk" FOREIGN KEY ("ability_id") REFERENCES "public"."abilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_abilities" ADD CONSTRAINT "attempt_abilities_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_abilities" ADD CONSTRAINT "post_abilities_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_abilities" ADD CONSTRAINT "post_abilities_ability_id_abilities_id_fk" FOREIGN KEY ("ability_id") REFERENCES "public"."abilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_knowledge" ADD CONSTRAINT "post_knowledge_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_knowledge" ADD CONSTRAINT "post_knowledge_knowledge_id_knowledge_nodes_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_abilities" ADD CONSTRAINT "staff_abilities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_abilities" ADD CONSTRAINT "staff_abilities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_abilities" ADD CONSTRAINT "staff_abilities_ability_id_abilities_id_fk" FOREIGN KEY ("ability_id") REFERENCES "public"."abilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_abilities" ADD CONSTRAINT "staff_abilities_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_departments_department_idx" ON "post_departments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "post_families_org_parent_idx" ON "post_families" USING btree ("organization_id","parent_id");--> statement-breakpoint
CREATE INDEX "post_tags_tag_idx" ON "post_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "abilities_org_dimension_idx" ON "abilities" USING btree ("organization_id","dimension_id");--> statement-breakpoint
CREATE INDEX "abilities_org_name_idx" ON "abilities" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "ability_dimensions_org_idx" ON "ability_dimensions" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "ability_knowledge_knowledge_idx" ON "ability_knowledge" USING btree ("knowledge_id");--> statement-breakpoint
CREATE INDEX "ability_materials_org_ability_idx" ON "ability_materials" USING btree ("organization_id","ability_id");--> statement-breakpoint
CREATE INDEX "ability_tags_tag_idx" ON "ability_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "attempt_abilities_exam_idx" ON "attempt_abilities" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "attempt_abilities_user_idx" ON "attempt_abilities" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "post_abilities_ability_idx" ON "post_abilities" USING btree ("ability_id");--> statement-breakpoint
CREATE INDEX "post_knowledge_knowledge_idx" ON "post_knowledge" USING btree ("knowledge_id");--> statement-breakpoint
CREATE INDEX "staff_abilities_org_ability_idx" ON "staff_abilities" USING btree ("organization_id","ability_id","user_id","level10");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_family_id_post_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."post_families"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_org_post_idx" ON "users" USING btree ("organization_id","post_id");--> statement-breakpoint
CREATE INDEX "exams_org_purpose_idx" ON "exams" USING btree ("organization_id","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_org_code_uq" ON "posts" USING btree ("organization_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_share_token_uq" ON "posts" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "posts_org_family_idx" ON "posts" USING btree ("organization_id","family_id");