CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision,
	"at" bigint,
	"events" bigint[],
	"touched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_throttle_touched_at_idx" ON "auth_throttle" USING btree ("touched_at");