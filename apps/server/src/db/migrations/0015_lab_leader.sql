CREATE TABLE "lab_leader" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"address" text NOT NULL,
	"since" timestamp with time zone NOT NULL
);
