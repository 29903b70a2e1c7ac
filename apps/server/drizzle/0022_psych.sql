CREATE TABLE "psy_exam_members" (
	"exam_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"draft" jsonb,
	"taken" boolean DEFAULT false NOT NULL,
	CONSTRAINT "psy_exam_members_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "psy_exams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "psy_exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"scale_id" bigint,
	"name" varchar(200) NOT NULL,
	"description" text,
	"scale_name" varchar(200) NOT NULL,
	"instructions" text,
	"definition" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"show_result" boolean DEFAULT true NOT NULL,
	"min_group_size" integer DEFAULT 3 NOT NULL,
	"layout" varchar(10) DEFAULT 'single' NOT NULL,
	"audience" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psy_responses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "psy_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"user_id" bigint,
	"department_id" bigint,
	"answers" jsonb NOT NULL,
	"scores" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psy_scales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "psy_scales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text,
	"instructions" text,
	"source" text,
	"definition" jsonb NOT NULL,
	"item_count" integer NOT NULL,
	"dimension_count" integer NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "psy_exam_members" ADD CONSTRAINT "psy_exam_members_exam_id_psy_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."psy_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_exam_members" ADD CONSTRAINT "psy_exam_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_exam_members" ADD CONSTRAINT "psy_exam_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_exams" ADD CONSTRAINT "psy_exams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_exams" ADD CONSTRAINT "psy_exams_scale_id_psy_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."psy_scales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_exams" ADD CONSTRAINT "psy_exams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_responses" ADD CONSTRAINT "psy_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_responses" ADD CONSTRAINT "psy_responses_exam_id_psy_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."psy_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_responses" ADD CONSTRAINT "psy_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_responses" ADD CONSTRAINT "psy_responses_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_scales" ADD CONSTRAINT "psy_scales_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psy_scales" ADD CONSTRAINT "psy_scales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "psy_exam_members_user_idx" ON "psy_exam_members" USING btree ("user_id","exam_id");--> statement-breakpoint
CREATE INDEX "psy_exams_org_idx" ON "psy_exams" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE INDEX "psy_exams_scale_idx" ON "psy_exams" USING btree ("scale_id");--> statement-breakpoint
CREATE INDEX "psy_responses_exam_dept_idx" ON "psy_responses" USING btree ("exam_id","department_id");--> statement-breakpoint
CREATE INDEX "psy_responses_exam_user_idx" ON "psy_responses" USING btree ("exam_id","user_id");--> statement-breakpoint
CREATE INDEX "psy_scales_org_idx" ON "psy_scales" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "exams_org_auto_rule_idx" ON "exams" USING btree ("organization_id","auto_rule_id","start_at");