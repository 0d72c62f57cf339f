CREATE TABLE "sms_outbox" (
	"id" bigint PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_applications" (
	"id" bigint PRIMARY KEY NOT NULL,
	"applicant" text NOT NULL,
	"phone" text NOT NULL,
	"college_name" text NOT NULL,
	"professional_name" text NOT NULL,
	"product_direction" text NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"interested_content" text DEFAULT '' NOT NULL,
	"apply_type" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"lang" text DEFAULT 'zh' NOT NULL,
	"processed_at" timestamp with time zone,
	"processed_by" bigint,
	"processed_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_codes" (
	"id" bigint PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"network" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"spent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trial_applications" ADD CONSTRAINT "trial_applications_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trial_applications_created_idx" ON "trial_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trial_applications_phone_idx" ON "trial_applications" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "trial_codes_phone_idx" ON "trial_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "trial_codes_network_idx" ON "trial_codes" USING btree ("network","created_at");