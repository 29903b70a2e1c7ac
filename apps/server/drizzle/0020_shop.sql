CREATE TABLE "shop_dev_payments" (
	"order_no" varchar(32) PRIMARY KEY NOT NULL,
	"amount_fen" integer NOT NULL,
	"subject" varchar(100) NOT NULL,
	"state" varchar(10) DEFAULT 'unpaid' NOT NULL,
	"trade_no" varchar(64),
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" varchar(100) NOT NULL,
	"product_kind" varchar(10) NOT NULL,
	"amount_fen" integer NOT NULL,
	"validity_days" integer,
	"ref_ids" jsonb,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"provider" varchar(10) NOT NULL,
	"pay_url" varchar(500),
	"trade_no" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_before" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"access_until" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_no" varchar(32),
	"refund_reason" varchar(200),
	"refunded_by" bigint
);
--> statement-breakpoint
CREATE TABLE "shop_product_items" (
	"product_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"ref_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_product_items_product_id_ref_id_pk" PRIMARY KEY("product_id","ref_id")
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"price_fen" integer NOT NULL,
	"cover_url" varchar(500),
	"description" text,
	"validity_days" integer,
	"on_shelf" smallint DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_members" ADD COLUMN "access_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_items" ADD CONSTRAINT "shop_product_items_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_items" ADD CONSTRAINT "shop_product_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_no_idx" ON "shop_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "shop_orders_org_idx" ON "shop_orders" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_user_idx" ON "shop_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_product_idx" ON "shop_orders" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "shop_orders_pending_idx" ON "shop_orders" USING btree ("pay_before") WHERE "shop_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "shop_product_items_ref_idx" ON "shop_product_items" USING btree ("organization_id","ref_id");--> statement-breakpoint
CREATE INDEX "shop_products_org_idx" ON "shop_products" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_products_shelf_idx" ON "shop_products" USING btree ("organization_id","on_shelf");