CREATE TABLE "knowledge_nodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" varchar(100) NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_tags" (
	"bank_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "bank_tags_bank_id_tag_id_pk" PRIMARY KEY("bank_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "question_knowledge" (
	"question_id" bigint NOT NULL,
	"knowledge_id" bigint NOT NULL,
	CONSTRAINT "question_knowledge_question_id_knowledge_id_pk" PRIMARY KEY("question_id","knowledge_id")
);
--> statement-breakpoint
CREATE TABLE "question_tags" (
	"question_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "question_tags_question_id_tag_id_pk" PRIMARY KEY("question_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"bank_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"stem" text NOT NULL,
	"stem_text" text DEFAULT '' NOT NULL,
	"options" jsonb,
	"answer" jsonb,
	"analysis" text,
	"difficulty" smallint DEFAULT 5 NOT NULL,
	"default_points" numeric(6, 1) DEFAULT 10 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"audit_reason" varchar(500),
	"audited_by" bigint,
	"audited_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_banks" ADD COLUMN "category" varchar(50);--> statement-breakpoint
ALTER TABLE "question_banks" ADD COLUMN "cover_url" text;--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD CONSTRAINT "knowledge_nodes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD CONSTRAINT "knowledge_nodes_parent_id_knowledge_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_tags" ADD CONSTRAINT "bank_tags_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_tags" ADD CONSTRAINT "bank_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_knowledge" ADD CONSTRAINT "question_knowledge_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_knowledge" ADD CONSTRAINT "question_knowledge_knowledge_id_knowledge_nodes_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_tags" ADD CONSTRAINT "question_tags_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_tags" ADD CONSTRAINT "question_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_audited_by_users_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_nodes_org_parent_idx" ON "knowledge_nodes" USING btree ("organization_id","parent_id");--> statement-breakpoint
CREATE INDEX "bank_tags_tag_idx" ON "bank_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "question_knowledge_knowledge_idx" ON "question_knowledge" USING btree ("knowledge_id");--> statement-breakpoint
CREATE INDEX "question_tags_tag_idx" ON "question_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "questions_org_bank_type_idx" ON "questions" USING btree ("organization_id","bank_id","type");--> statement-breakpoint
CREATE INDEX "questions_org_created_idx" ON "questions" USING btree ("organization_id","created_at");