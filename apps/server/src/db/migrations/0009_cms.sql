CREATE TABLE "cms_articles" (
	"id" bigint PRIMARY KEY NOT NULL,
	"catalog_id" bigint NOT NULL,
	"title" jsonb NOT NULL,
	"summary" text NOT NULL,
	"author" text NOT NULL,
	"cover" text,
	"content" jsonb NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"is_publish" boolean DEFAULT false NOT NULL,
	"is_display" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_attributes" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_catalogs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint,
	"name" jsonb NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"attribute_code" text,
	"template_id" bigint,
	"image" text,
	"sort_number" integer NOT NULL,
	"is_publish" boolean DEFAULT false NOT NULL,
	"is_display" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_notices" (
	"id" bigint PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"source" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" jsonb,
	"is_publish" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_templates" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_articles" ADD CONSTRAINT "cms_articles_catalog_id_cms_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."cms_catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_catalogs" ADD CONSTRAINT "cms_catalogs_template_id_cms_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."cms_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_articles_catalog_idx" ON "cms_articles" USING btree ("catalog_id","is_publish");--> statement-breakpoint
CREATE INDEX "cms_articles_published_idx" ON "cms_articles" USING btree ("is_publish","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_attributes_code_key" ON "cms_attributes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cms_catalogs_parent_idx" ON "cms_catalogs" USING btree ("parent_id","sort_number");--> statement-breakpoint
CREATE INDEX "cms_catalogs_attribute_idx" ON "cms_catalogs" USING btree ("attribute_code");--> statement-breakpoint
CREATE INDEX "cms_notices_published_idx" ON "cms_notices" USING btree ("is_publish","published_at");