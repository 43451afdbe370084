CREATE TABLE "drive_connect_attempts" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"account_name" text NOT NULL,
	"account_email" text,
	"external_account_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"sync_enabled" boolean DEFAULT true NOT NULL,
	"sync_interval_minutes" integer DEFAULT 30 NOT NULL,
	"sync_max_retries" integer DEFAULT 3 NOT NULL,
	"sync_batch_size" integer DEFAULT 100 NOT NULL,
	"sync_incremental" boolean DEFAULT true NOT NULL,
	"sync_state" text DEFAULT 'idle' NOT NULL,
	"sync_phase" text,
	"sync_current" integer DEFAULT 0 NOT NULL,
	"sync_total" integer DEFAULT 0 NOT NULL,
	"files_added" integer DEFAULT 0 NOT NULL,
	"files_updated" integer DEFAULT 0 NOT NULL,
	"files_removed" integer DEFAULT 0 NOT NULL,
	"sync_error" text,
	"sync_job_id" uuid,
	"sync_started_at" timestamp with time zone,
	"sync_finished_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"sync_cursor" text,
	"sync_page_token" text,
	"sync_generation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_file_marks" (
	"user_id" uuid NOT NULL,
	"file_id" text NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drive_file_marks_user_id_file_id_pk" PRIMARY KEY("user_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "drive_files" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"file_type" text NOT NULL,
	"mime_type" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"modified_at" timestamp with time zone NOT NULL,
	"has_thumbnail" boolean DEFAULT false NOT NULL,
	"parent_folder" text,
	"storage_key" text,
	"version" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"sync_generation" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_connect_attempts" ADD CONSTRAINT "drive_connect_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_connections" ADD CONSTRAINT "drive_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_file_marks" ADD CONSTRAINT "drive_file_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_file_marks" ADD CONSTRAINT "drive_file_marks_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_files" ADD CONSTRAINT "drive_files_connection_id_drive_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."drive_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_connect_attempts_expiry_idx" ON "drive_connect_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "drive_connections_user_idx" ON "drive_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_connections_account_key" ON "drive_connections" USING btree ("user_id","provider","external_account_id") WHERE "drive_connections"."external_account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "drive_connections_uploads_key" ON "drive_connections" USING btree ("user_id") WHERE "drive_connections"."provider" = 'uploads';--> statement-breakpoint
CREATE UNIQUE INDEX "drive_connections_local_key" ON "drive_connections" USING btree ("provider") WHERE "drive_connections"."provider" = 'local';--> statement-breakpoint
CREATE INDEX "drive_connections_next_sync_idx" ON "drive_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "drive_file_marks_file_idx" ON "drive_file_marks" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_files_external_key" ON "drive_files" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "drive_files_connection_idx" ON "drive_files" USING btree ("connection_id","is_deleted");