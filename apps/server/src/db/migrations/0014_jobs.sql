CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"group_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"progress" jsonb,
	"error_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("kind","run_after","id") WHERE "jobs"."status" in ('waiting', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_group_running_key" ON "jobs" USING btree ("group_key") WHERE "jobs"."status" = 'running';