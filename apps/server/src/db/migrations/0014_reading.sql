CREATE TABLE "reading_bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_id" text NOT NULL,
	"page_number" integer NOT NULL,
	"note" text,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"target" integer NOT NULL,
	"unit" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"progress_adjustment" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_id" text NOT NULL,
	"current_page" integer NOT NULL,
	"total_pages" integer NOT NULL,
	"percentage" real DEFAULT 0 NOT NULL,
	"location" text,
	"reading_preferences" jsonb,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_id" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"pages_read" integer NOT NULL,
	"time_spent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "drive_file_marks" ADD COLUMN "book_id" uuid;--> statement-breakpoint
ALTER TABLE "reading_bookmarks" ADD CONSTRAINT "reading_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_bookmarks" ADD CONSTRAINT "reading_bookmarks_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_goals" ADD CONSTRAINT "reading_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_bookmarks_user_file_idx" ON "reading_bookmarks" USING btree ("user_id","file_id","page_number");--> statement-breakpoint
CREATE INDEX "reading_bookmarks_file_idx" ON "reading_bookmarks" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "reading_goals_user_idx" ON "reading_goals" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_progress_user_file_key" ON "reading_progress" USING btree ("user_id","file_id");--> statement-breakpoint
CREATE INDEX "reading_progress_file_idx" ON "reading_progress" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "reading_sessions_user_start_idx" ON "reading_sessions" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_sessions_user_file_start_key" ON "reading_sessions" USING btree ("user_id","file_id","start_time");--> statement-breakpoint
CREATE INDEX "reading_sessions_file_idx" ON "reading_sessions" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "drive_file_marks" ADD CONSTRAINT "drive_file_marks_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_file_marks_book_idx" ON "drive_file_marks" USING btree ("book_id");