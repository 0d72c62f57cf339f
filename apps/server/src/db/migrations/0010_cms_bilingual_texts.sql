ALTER TABLE "cms_articles" ALTER COLUMN "summary" SET DATA TYPE jsonb USING jsonb_build_object('zh', "summary");--> statement-breakpoint
ALTER TABLE "cms_catalogs" ALTER COLUMN "description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cms_catalogs" ALTER COLUMN "description" SET DATA TYPE jsonb USING CASE WHEN "description" = '' THEN '{}'::jsonb ELSE jsonb_build_object('zh', "description") END;--> statement-breakpoint
ALTER TABLE "cms_catalogs" ALTER COLUMN "description" SET DEFAULT '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "cms_notices" ALTER COLUMN "description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cms_notices" ALTER COLUMN "description" SET DATA TYPE jsonb USING CASE WHEN "description" = '' THEN '{}'::jsonb ELSE jsonb_build_object('zh', "description") END;--> statement-breakpoint
ALTER TABLE "cms_notices" ALTER COLUMN "description" SET DEFAULT '{}'::jsonb;
