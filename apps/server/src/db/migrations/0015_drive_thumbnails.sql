ALTER TABLE "drive_files" ADD COLUMN "thumbnail_hash" text;--> statement-breakpoint
ALTER TABLE "drive_files" ADD COLUMN "thumbnail_of" text;