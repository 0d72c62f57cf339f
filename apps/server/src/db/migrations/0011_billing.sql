CREATE TABLE "billing_accounts" (
	"school_id" bigint PRIMARY KEY NOT NULL,
	"package_seconds" bigint DEFAULT 0 NOT NULL,
	"package_until" timestamp with time zone,
	"untimed_from" timestamp with time zone,
	"untimed_until" timestamp with time zone,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"spend_limit_fen" bigint,
	"student_daily_seconds" integer,
	"exhausted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_ledger" (
	"id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"note" text,
	"recharge_fen" bigint DEFAULT 0 NOT NULL,
	"gift_fen" bigint DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"slides" bigint DEFAULT 0 NOT NULL,
	"package_seconds" bigint DEFAULT 0 NOT NULL,
	"recharge_after" bigint NOT NULL,
	"gift_after" bigint NOT NULL,
	"created_by" bigint,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"school_id" bigint NOT NULL,
	"type" text NOT NULL,
	"package_id" bigint,
	"package_type" text,
	"package_hours" integer DEFAULT 0 NOT NULL,
	"recharge_fen" bigint NOT NULL,
	"gift_fen" bigint NOT NULL,
	"tokens" bigint NOT NULL,
	"slides" bigint NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"course_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"majors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment" text NOT NULL,
	"payment_ref" text,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_orders_period" CHECK ("billing_orders"."expires_at" > "billing_orders"."effective_at")
);
--> statement-breakpoint
CREATE TABLE "billing_packages" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"hours_per_year" integer NOT NULL,
	"price_fen" bigint NOT NULL,
	"period_months" integer NOT NULL,
	"status" text NOT NULL,
	"stacking" text NOT NULL,
	"effect" text NOT NULL,
	"effective_at" timestamp with time zone,
	"course_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"majors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"on_shelf" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_prices" (
	"id" bigint PRIMARY KEY NOT NULL,
	"item" text NOT NULL,
	"env_kind" text,
	"unit_fen" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_usage_details" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_usage_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"usage_id" bigint,
	"user_id" bigint,
	"env_id" bigint,
	"item" text NOT NULL,
	"period" date NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"quantity" double precision NOT NULL,
	"unit_fen" integer NOT NULL,
	"cost_fen" bigint NOT NULL,
	"package_seconds" integer DEFAULT 0 NOT NULL,
	"settlement" text NOT NULL,
	"gift_fen" bigint DEFAULT 0 NOT NULL,
	"recharge_fen" bigint DEFAULT 0 NOT NULL,
	"owed_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_usage_paid" CHECK ("billing_usage_details"."gift_fen" + "billing_usage_details"."recharge_fen" + "billing_usage_details"."owed_fen" <= "billing_usage_details"."cost_fen" and "billing_usage_details"."gift_fen" >= 0 and "billing_usage_details"."recharge_fen" >= 0 and "billing_usage_details"."owed_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_usage_progress" (
	"usage_id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL,
	"billed_until" timestamp with time zone NOT NULL,
	"done" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_usage" ADD COLUMN "resource_kind" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_ledger" ADD CONSTRAINT "billing_ledger_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_ledger" ADD CONSTRAINT "billing_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD CONSTRAINT "billing_orders_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD CONSTRAINT "billing_orders_package_id_billing_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."billing_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD CONSTRAINT "billing_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_prices" ADD CONSTRAINT "billing_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_ledger_ref_key" ON "billing_ledger" USING btree ("reason","ref");--> statement-breakpoint
CREATE INDEX "billing_ledger_school_idx" ON "billing_ledger" USING btree ("school_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_no_key" ON "billing_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_idempotency_key" ON "billing_orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "billing_orders_school_idx" ON "billing_orders" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_prices_item_idx" ON "billing_prices" USING btree ("item","effective_from");--> statement-breakpoint
CREATE INDEX "billing_usage_school_period_idx" ON "billing_usage_details" USING btree ("school_id","period");--> statement-breakpoint
CREATE INDEX "billing_usage_user_period_idx" ON "billing_usage_details" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "billing_usage_usage_idx" ON "billing_usage_details" USING btree ("usage_id");--> statement-breakpoint
CREATE INDEX "billing_usage_progress_open_idx" ON "billing_usage_progress" USING btree ("school_id") WHERE not "billing_usage_progress"."done";--> statement-breakpoint
CREATE INDEX "lab_usage_school_billing_idx" ON "lab_usage" USING btree ("school_id","stopped_at");
--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_balances_non_negative" CHECK ("recharge_balance" >= 0 AND "gift_balance" >= 0 AND "total_balance" = "recharge_balance" + "gift_balance");--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_package_non_negative" CHECK ("package_seconds" >= 0);--> statement-breakpoint
CREATE FUNCTION billing_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'billing_ledger is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER billing_ledger_append_only BEFORE UPDATE OR DELETE ON "billing_ledger" FOR EACH ROW EXECUTE FUNCTION billing_ledger_append_only();
--> statement-breakpoint
INSERT INTO "billing_ledger" ("id", "school_id", "reason", "ref", "note", "recharge_fen", "gift_fen", "tokens", "slides", "recharge_after", "gift_after", "at")
SELECT "id", "id", 'adjustment', 'opening:' || "id", 'Opening balance', "recharge_balance", "gift_balance", "token_count", "ppt_count", "recharge_balance", "gift_balance", now()
FROM "schools"
WHERE "recharge_balance" <> 0 OR "gift_balance" <> 0 OR "token_count" <> 0 OR "ppt_count" <> 0;
