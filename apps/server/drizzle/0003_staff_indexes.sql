CREATE UNIQUE INDEX "departments_org_parent_name_uq" ON "departments" USING btree ("organization_id",coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_job_number_uq" ON "users" USING btree ("organization_id","job_number");--> statement-breakpoint
CREATE INDEX "users_org_created_idx" ON "users" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "users_org_real_name_idx" ON "users" USING btree ("organization_id","real_name");